#!/usr/bin/env python3
"""Pachi judges each move of moku's lost games: how much does it give away?

    cd /tmp/pachi && python3 drops.py PLAYOUTS GAMES DIR... > drops.jsonl

For the first GAMES games that moku lost in the match directories named
(moku is engine 1, as `moku match` writes them), Pachi 12.90 (run from
its build directory, for its pattern files) searches PLAYOUTS playouts
on every position from move 8 to move 44 and reports the win rate of the
player to move with its best move. A move's drop is that rate before it
less the mover's rate after it (one less the opponent's): what the move
gave away in Pachi's eyes. Pachi's own moves give the baseline: a search
judging both sides finds the mover's side a little better than after
the reply, so the baseline is above 0 even for good moves. One JSON line
a move: the file, the move's index, its colour, whether moku played it,
the move (SGF), Pachi's choice there (GTP), the rates and the drop.

One Pachi process a game, stepping through it with genmove and undo (no
undo after a resignation: Pachi then has played nothing).
"""
import json, os, queue, re, subprocess, sys, threading

LO, HI = 8, 44
COLS = "ABCDEFGHJ"


def vertex(m):
    return f"{COLS[ord(m[0]) - 97]}{9 - (ord(m[1]) - 97)}" if m else "pass"


def judge(path, playouts):
    s = open(path).read()
    moku_black = "MKBLACK[1]" in s
    moves = re.findall(r";([BW])\[([a-s]{2})?\]", s)
    p = subprocess.Popen(["./pachi", "--nodcnn", "-t", f"={playouts}", "threads=1,pondering=0"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, bufsize=1)
    rates = queue.Queue()

    def read_rates():
        for line in p.stderr:
            m = re.search(r"WINNER is (\S+) with score ([0-9.]+)%", line)
            if m:
                rates.put((m.group(1), float(m.group(2)) / 100))

    threading.Thread(target=read_rates, daemon=True).start()

    def cmd(c):
        p.stdin.write(c + "\n")
        p.stdin.flush()
        reply = ""
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"pachi ended on {c!r}")
            if line.strip() == "" and reply:
                return reply
            reply += line

    for c in ("boardsize 9", "komi 7.5", "clear_board"):
        cmd(c)
    seen = {}
    for i, (c, mv) in enumerate(moves[:HI + 1]):
        if i >= LO:
            reply = cmd(f"genmove {c.lower()}")
            best, rate = rates.get(timeout=120)
            seen[i] = (c, best, rate)
            if "resign" not in reply.lower():
                cmd("undo")
        cmd(f"play {c} {vertex(mv)}")
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    mc = "B" if moku_black else "W"
    for i in range(LO, HI):
        if i in seen and i + 1 in seen:
            before, after = seen[i][2], 1 - seen[i + 1][2]
            yield dict(file=os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path)), i=i, color=seen[i][0], moku=seen[i][0] == mc, played=moves[i][1],
                       pachi=seen[i][1], before=round(before, 3), after=round(after, 3),
                       drop=round(before - after, 3))


def main():
    playouts, games = int(sys.argv[1]), int(sys.argv[2])
    files = sorted(os.path.join(d, f) for d in sys.argv[3:] for f in os.listdir(d) if f.endswith(".sgf"))
    n = 0
    for f in files:
        s = open(f).read()
        moku_won = (re.search(r"RE\[([BW])", s).group(1) == "B") == ("MKBLACK[1]" in s)
        if moku_won:
            continue
        n += 1
        if n > games:
            break
        for rec in judge(f, playouts):
            print(json.dumps(rec), flush=True)


if __name__ == "__main__":
    main()
