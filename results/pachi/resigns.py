#!/usr/bin/env python3
"""Were moku's resignations against Pachi right? Pachi judges each one.

    resigns.py OUT.jsonl PLAYOUTS DIR...    every game of the match directories
                                            that moku (engine 1) lost by
                                            resignation: Pachi at -t =PLAYOUTS
                                            plays moku's colour in the position
                                            moku resigned, one JSON line each
                                            (its win rate for moku, its move)

Run it from Pachi's build directory (its pattern files), with
results/pachi on the Python path for values.py's GTP reader.
"""
import glob, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from values import GTP, vertex


def lost(dirs):
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            s = open(f).read()
            e1b = "MKBLACK[1]" in s
            r = re.search(r"RE\[([BW])\+R", s)
            if not r or (r.group(1) == "B") == e1b:
                continue
            moves = re.findall(r";([BW])\[([a-s]{2})?\]", s)
            yield dict(f=f"{os.path.basename(os.path.normpath(d))}/{os.path.basename(f)}", n=len(moves), moku="B" if e1b else "W", moves=[(c, vertex(m)) for c, m in moves])


def main(out, playouts, dirs):
    g = GTP(["./pachi", "--nodcnn", "-t", f"={playouts}", "threads=1,pondering=0"])
    g.cmd("boardsize 9")
    g.cmd("komi 7.5")
    with open(out, "a") as fo:
        for r in lost(dirs):
            g.cmd("clear_board")
            for c, v in r["moves"]:
                g.cmd(f"play {c} {v}")
            while not g.rates.empty():
                g.rates.get()
            move = g.cmd("genmove " + r["moku"].lower()).strip("= \n")
            fo.write(json.dumps(dict(f=r["f"], n=r["n"], pachi_for_moku=g.rates.get(timeout=120), move=move)) + "\n")
            fo.flush()


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
