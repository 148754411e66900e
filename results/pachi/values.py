#!/usr/bin/env python3
"""How well does an engine's win rate predict who won? A value suite.

    values.py positions OUT.json DIR...           the positions: after 14, 22 and 30 moves
                                                  of every game in the match directories
                                                  (games of at least 6 moves more), shuffled
    values.py run POS.json N OUT.jsonl moku PLAYOUTS MOKU [moku flags...]
    values.py run POS.json N OUT.jsonl pachi PLAYOUTS PACHI [OPTIONS]
                                                  the first N positions, one JSON line each
                                                  (resumes OUT.jsonl where it stopped);
                                                  Pachi's OPTIONS join its engine options,
                                                  e.g. playout=moggy:nakaderate=0
    values.py score OUT.jsonl...                  AUC and Brier score of each file, on the
                                                  positions all of them judged

An evaluator's value of a position is Black's win rate: moku's
`moku-analyze PLAYOUTS` (the most visited move's rate, of the player to
move), or Pachi's "WINNER is ... with score" after `genmove` at
`-t =PLAYOUTS` (undone). The game's result is the truth: the AUC is the
chance that a position of a game Black won is valued above one Black
lost (0.5: no better than a coin), the Brier score the mean squared
error of the value against the result (0 or 1). Positions of moku's own
games against Pachi hold the moments moku misjudged; positions of its
self-play are neutral ground, if anything in moku's favour. Run Pachi
from its build directory (its pattern files).
"""
import glob, json, os, queue, random, re, subprocess, sys, threading

COLS = "ABCDEFGHJ"
MOVES = (14, 22, 30)


def vertex(m):
    return f"{COLS[ord(m[0]) - 97]}{9 - (ord(m[1]) - 97)}" if m else "pass"


def positions(out, dirs):
    pos = []
    for d in sorted(dirs):
        for f in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            s = open(f).read()
            res = re.search(r"RE\[([BW])", s)
            if not res:
                continue
            moves = re.findall(r";([BW])\[([a-s]{2})?\]", s)
            for k in MOVES:
                if len(moves) > k + 6:
                    pos.append(dict(id=f"{os.path.basename(os.path.normpath(d))}/{os.path.basename(f)}:{k}", k=k,
                                    moves=[(c, vertex(m)) for c, m in moves[:k]], bwin=res.group(1) == "B"))
    random.Random(1).shuffle(pos)
    json.dump(pos, open(out, "w"))
    print(len(pos), "positions", file=sys.stderr)


class GTP:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.rates = queue.Queue()
        threading.Thread(target=self.read_rates, daemon=True).start()

    def read_rates(self):
        for line in self.p.stderr:
            m = re.search(r"WINNER is (\S+) with score ([0-9.]+)%", line)
            if m:
                self.rates.put(float(m.group(2)) / 100)

    def cmd(self, c):
        self.p.stdin.write(c + "\n")
        self.p.stdin.flush()
        reply = ""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine ended on {c!r}")
            if line.strip() == "" and reply:
                if reply.startswith("?"):
                    raise RuntimeError(f"{c!r}: {reply.strip()}")
                return reply
            reply += line


def run(posf, n, out, kind, playouts, argv):
    pos = json.load(open(posf))[:n]
    done = set()
    if os.path.exists(out):
        done = {json.loads(l)["id"] for l in open(out)}
    if kind == "moku":
        g = GTP([argv[0], "gtp", "--game", "go", "--board", "9x9", "--komi", "7.5", "--threads", "1"] + argv[1:])
    else:
        opts = ",".join(["threads=1,pondering=0"] + argv[1:2])
        g = GTP([argv[0], "--nodcnn", "-t", f"={playouts}", opts])
        for c in ("boardsize 9", "komi 7.5"):
            g.cmd(c)
    with open(out, "a") as fo:
        for i, p in enumerate(pos):
            if p["id"] in done:
                continue
            g.cmd("clear_board")
            for c, v in p["moves"]:
                g.cmd(f"play {c} {v}")
            black = len(p["moves"]) % 2 == 0
            if kind == "moku":
                r = g.cmd(f"moku-analyze {playouts}")
                wr = float(re.search(r"^move \S+ visits \d+ winrate ([0-9.]+)", r, re.M).group(1))
            else:
                while not g.rates.empty():
                    g.rates.get()
                r = g.cmd(f"genmove {'b' if black else 'w'}")
                wr = g.rates.get(timeout=120)
                if "resign" not in r.lower():
                    g.cmd("undo")
            fo.write(json.dumps(dict(id=p["id"], k=p["k"], vb=wr if black else 1 - wr, bwin=p["bwin"])) + "\n")
            fo.flush()
            print(f"\r{i + 1}/{len(pos)}", end="", file=sys.stderr)
    print(file=sys.stderr)


def auc(rows):
    pos = [r["vb"] for r in rows if r["bwin"]]
    neg = [r["vb"] for r in rows if not r["bwin"]]
    if not pos or not neg:
        return float("nan")
    wins = sum((a > b) + 0.5 * (a == b) for a in pos for b in neg)
    return wins / (len(pos) * len(neg))


def score(files):
    sets = [{json.loads(l)["id"]: json.loads(l) for l in open(f)} for f in files]
    common = set.intersection(*(set(s) for s in sets))
    print(f"{len(common)} positions judged by all")
    print("| file | " + " | ".join(f"AUC after {k}" for k in MOVES) + " | AUC | Brier |")
    print("|---" * (len(MOVES) + 3) + "|")
    for f, s in zip(files, sets):
        rows = [s[i] for i in sorted(common)]
        by = [f"{auc([r for r in rows if r['k'] == k]):.3f}" for k in MOVES]
        brier = sum((r["vb"] - r["bwin"]) ** 2 for r in rows) / len(rows)
        print(f"| {f} | " + " | ".join(by) + f" | {auc(rows):.3f} | {brier:.4f} |")


if __name__ == "__main__":
    a = sys.argv[1:]
    if a and a[0] == "positions" and len(a) >= 3:
        positions(a[1], a[2:])
    elif a and a[0] == "run" and len(a) >= 7:
        run(a[1], int(a[2]), a[3], a[4], int(a[5]), a[6:])
    elif a and a[0] == "score" and len(a) >= 2:
        score(a[1:])
    else:
        sys.exit(__doc__)
