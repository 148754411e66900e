package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"moku/internal/cli"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"moku/computer"
	"moku/server"
	"moku/store"
)

func init() {
	register("serve", "the web app: play every game in the browser (SQLite in a data directory, or PostgreSQL for several servers)", runServe)
}

// defaultDataDir is $XDG_DATA_HOME/moku, or ~/.local/share/moku.
func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "moku")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "moku")
	}
	return "moku-data"
}

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	data := fs.String("data", defaultDataDir(), "data directory (holds moku.db)")
	verbose := fs.Bool("v", false, "log every request")
	db := fs.String("db", "", "a PostgreSQL database URL (postgres://…) shared by several servers, instead of SQLite in --data")
	limits := server.DefaultLimits
	fs.Float64Var(&limits.Actions, "rate-actions", limits.Actions, "actions a second per client address (0: no limit)")
	fs.IntVar(&limits.ActionBurst, "burst-actions", limits.ActionBurst, "actions at once per client address")
	fs.Float64Var(&limits.Creates, "rate-games", limits.Creates, "games created a second per client address (0: no limit)")
	fs.IntVar(&limits.CreateBurst, "burst-games", limits.CreateBurst, "games created at once per client address")
	fs.IntVar(&limits.Sockets, "max-sockets", server.DefaultSockets, "WebSocket connections open at once per client address (-1: no cap)")
	fs.BoolVar(&limits.TrustProxy, "behind-proxy", false, "take client addresses from X-Forwarded-For (only behind a proxy that sets it)")
	maxConns := fs.Int("max-conns", server.DefaultConnsPerClient, "connections open at once per client address (0: no cap; with --behind-proxy, no cap unless given)")
	maxGames := fs.Int("max-games", server.DefaultMaxGames, "games held in memory at most (the least recently used that nothing needs are dropped, and read again when asked for; -1: no cap)")
	maxThinkers := fs.Int("max-thinkers", 0, "the computer's searches running at once (0: one a CPU); the others wait, their clocks running")
	maxSelfPlay := fs.Int("max-self-play", server.DefaultMaxSelfPlay, "unfinished games of the computer against itself played at once (-1: no cap)")
	maxBoardPoints := fs.Int("max-board-points", server.DefaultMaxBoardPoints, "points of a board file a player may send (at most 4096)")
	if err := cli.Parse(fs, args, stdout, cli.Spec{About: "Serves the web app: games for people and the computer, in a browser."}); err != nil {
		return err
	}
	if limits.TrustProxy {
		// Every connection comes from the proxy: cap them only if asked.
		given := false
		fs.Visit(func(f *flag.Flag) { given = given || f.Name == "max-conns" })
		if !given {
			*maxConns = 0
		}
	}
	st, where, err := openStore(*db, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	srv := server.New(st, server.Options{Log: log, Computer: computer.New, Anchor: computer.AnchorOf, Levels: computer.Levels, Limits: limits, Analyze: computer.Analyze,
		MaxGames: *maxGames, MaxBoardPoints: *maxBoardPoints, MaxThinkers: *maxThinkers, MaxSelfPlay: *maxSelfPlay})
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	return serve(srv, server.LimitListener(ln, *maxConns), where, stdout)
}

// openStore opens the PostgreSQL database at url, or else SQLite in the
// directory data, and says where the games are.
func openStore(url, data string) (store.Store, string, error) {
	if url != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		pg, err := store.OpenPostgres(ctx, url)
		return pg, "data in PostgreSQL", err
	}
	sq, err := store.OpenSQLite(filepath.Join(data, "moku.db"))
	return sq, "data in " + data, err
}

// serve resumes the computer's games and serves srv on ln until the
// process is interrupted, then shuts down within 5 s.
func serve(srv *server.Server, ln net.Listener, where string, stdout io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.Resume(ctx); err != nil {
		return err
	}
	hs := server.NewHTTPServer(srv)
	fmt.Fprintf(stdout, "moku is serving on http://%s/ (%s)\n", ln.Addr(), where)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
