package main

import (
	"io"
	"moku/internal/cli"
	"strings"
	"time"

	"moku/loadtest"
)

func init() {
	register("loadtest", "play many concurrent games against moku servers through HTTP and WebSocket; report moves/s and latency", runLoadtest)
}

func runLoadtest(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("loadtest")
	urls := fs.String("url", "http://127.0.0.1:8080", "the servers, comma-separated: each game's moves go to them in turn, its watcher to the next")
	var c loadtest.Config
	fs.IntVar(&c.Games, "games", 1000, "games played at once (two people each, no computer)")
	fs.DurationVar(&c.Duration, "duration", 30*time.Second, "how long to play (at most 10m)")
	fs.IntVar(&c.MaxMoves, "moves", 100000, "stop after this many moves")
	fs.Float64Var(&c.Rate, "rate", 500, "moves a second, all games together (0: as fast as possible)")
	fs.StringVar(&c.Board, "board", "9x9", "board of the go games played")
	fs.BoolVar(&c.Watch, "watch", true, "watch every game on a WebSocket")
	fs.BoolVar(&c.Verify, "verify", true, "at the end, check that every acknowledged move is stored once, in place")
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "Plays many concurrent games against moku servers through HTTP and WebSocket\nand reports moves a second and latency."}); err != nil {
		return err
	}
	c.URLs = strings.Split(*urls, ",")
	return loadtest.Run(c, stdout)
}
