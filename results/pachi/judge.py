#!/usr/bin/env python3
"""Pachi judges moku's games: where are they lost?

    cd /tmp/pachi && python3 judge.py DIR... > judge.out

For every game of the match directories named (moku is engine 1, as
`moku match` writes them), Pachi 12.90 (run from its build directory, for
its pattern files) searches 20,000 playouts on the position after 8, 14,
20, ... 44 moves, and the line printed gives moku's win rate there as
Pachi judges it: the game's file, whether moku won, then the rates ('-'
past the game's end).
"""
import os, re, subprocess, sys

PLIES = [8, 14, 20, 26, 32, 38, 44]
COLS = "ABCDEFGHJ"

def vertex(m):
    return f"{COLS[ord(m[0]) - 97]}{9 - (ord(m[1]) - 97)}"

def main():
    for d in sys.argv[1:]:
        for f in sorted(os.listdir(d)):
            if not f.endswith(".sgf"):
                continue
            s = open(os.path.join(d, f)).read()
            moku_black = "MKBLACK[1]" in s
            moku_won = (re.search(r"RE\[([BW])", s).group(1) == "B") == moku_black
            moves = re.findall(r";([BW])\[([a-s]{2})?\]", s)
            rates = []
            for k in PLIES:
                if k >= len(moves):
                    rates.append("-")
                    continue
                cmds = ["boardsize 9", "komi 7.5", "clear_board"]
                cmds += [f"play {c} {vertex(m) if m else 'pass'}" for c, m in moves[:k]]
                to_move = "W" if moves[k - 1][0] == "B" else "B"
                cmds += [f"genmove {to_move}", "quit"]
                p = subprocess.run(["./pachi", "--nodcnn", "-t", "=20000", "threads=1,pondering=0"],
                                   input="\n".join(cmds) + "\n", capture_output=True, text=True)
                m = re.search(r"WINNER is \S+ with score ([0-9.]+)%", p.stderr)
                if not m:
                    rates.append("-")
                    continue
                r = float(m.group(1)) / 100
                rates.append(f"{r if (to_move == 'B') == moku_black else 1 - r:.2f}")
            print(os.path.basename(d), f, "won" if moku_won else "lost", " ".join(rates), flush=True)

main()
