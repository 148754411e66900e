package gtp

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"moku/catalog"
	"moku/game"
	"moku/playout"
	"moku/search"
)

// Settings are the choices of moku's own engine that `moku gtp` takes as
// flags: who plays genmove, and the search's budget and policy.
// DefaultSettings gives the flags' defaults.
type Settings struct {
	Player       string  // "mcts" (the Monte-Carlo tree search) or "random"
	Seed         uint64  // of genmove's random choices
	Playouts     int     // mcts: playouts a move (0: as many as Seconds allows)
	Seconds      float64 // mcts: seconds a move (0: as many as Playouts takes)
	Threads      int     // mcts: search threads
	Resign       bool    // mcts: resign hopeless games
	StopEarly    bool    // mcts: end a search once its move cannot change
	Heavy        bool    // mcts: tactical playouts where the game has them
	Learned      bool    // mcts: learned move priors where moku has weights for the game
	KeepTree     bool    // mcts: search on from the last move's tree (search.Options.KeepTree)
	LCB          bool    // mcts: play the move of the best lower confidence bound (search.Options.LCB)
	FalseEyes    bool    // mcts: the tree's priors tell false eyes from eyes (search.Options.FalseEyes)
	Tuned        bool    // mcts: the settings measured strongest for the game where moku has them (search.Options.Tuned)
	ForgetTree   bool    // mcts: Tuned without the kept tree (search.Options.ForgetTree): --tuned --keep-tree=false
	Replies      bool    // mcts: last good replies in the tactical playouts (search.Options.Replies)
	Criticality  float64 // mcts: criticality in RAVE (search.Options.Criticality)
	DistanceRave int     // mcts: AMAF games weighed by how soon their move came (search.Options.DistanceRave)
	KoThreats    bool    // mcts: no AMAF games for ko threats (search.Options.KoThreats)
	LiveOwners   bool    // mcts: the priors' owner feature from the search's playouts so far (search.Options.LiveOwners)
	Explore      float64 // mcts: UCB's exploration term (search.Options.Explore)
	SqrtVloss    bool    // mcts: Pachi's virtual losses by sqrt(threads) (search.Options.SqrtVirtualLoss)
	VirtualLoss  float64 // mcts: lost games a descent under way counts for (search.Options.VirtualLoss)
	RootParallel bool    // mcts: a tree a thread, the root moves summed (search.Options.RootParallel)
	DirectAMAF   bool    // mcts: threads add AMAF games straight to the tree, unbuffered (search.Options.DirectAMAF)
	PruneLadders bool    // mcts: no caught ladder escapes in the tree (search.Options.PruneLadders)
	Gammas       bool    // mcts: the tactical playouts' random moves weighted by the learned gammas (search.Options.Gammas)
	// Tactics are the optional steps and rates of the tactical playouts
	// on rectangles (search.Options.Tactics).
	Tactics playout.Tactics
	// LearnedGames is the won games the most probable move gets with
	// Learned (0: the search's default).
	LearnedGames float64
	// LearnedSqrt takes the learned priors' won games from the square
	// root of each move's probability (search.Options.LearnedSqrt).
	LearnedSqrt bool
	// LearnedFloor leaves the learned prior's won games out below this
	// probability (search.Options.LearnedFloor).
	LearnedFloor float64
	// Widening and WideningRate widen each node's choice progressively
	// (search.Options.Widening; 0: every child a choice).
	Widening, WideningRate float64
	// MarginWeight is the share of a playout's reward its score margin
	// decides (search.Options.MarginWeight; 0: the win alone), and
	// MarginScale the margin, in points, that makes that share whole (0:
	// the board's points).
	MarginWeight, MarginScale float64
	// ExpandVisits, PriorEven and RaveEquiv tune the tree
	// (search.Options; 0: the search's defaults).
	ExpandVisits         int
	PriorEven, RaveEquiv float64
	// RandomShare is the share of genmove's moves played at random
	// instead of the search's (game.Diluted): rungs between the random
	// player and the search, for measuring ratings.
	RandomShare float64
	// JudgePlayouts is the number of playouts by which final_status_list
	// judges dead stones (0: it finds none).
	JudgePlayouts int
	// AnalyzePlayouts is where live analysis (lz-analyze, kata-analyze)
	// stops searching, its tree's memory growing with the playouts (0:
	// ten million over the board's points, at least 10000).
	AnalyzePlayouts int
}

// DefaultSettings returns the settings of `moku gtp` without flags: the
// search with 3000 playouts a move, one thread, tactical playouts, tuned
// for the game where moku has measured a tuning (search.Options.Tune).
func DefaultSettings() Settings {
	return Settings{Player: "mcts", Seed: 1, Playouts: 3000, Threads: 1, Resign: true, StopEarly: true, Heavy: true, Tuned: true}
}

// tunedFlags are the flags of the settings that tuning replaces
// (search.Options.Tune).
var tunedFlags = []string{"learned", "learned-sqrt", "learned-games", "prior-even", "keep-tree", "distance-rave", "false-eyes"}

// Parsed completes s once fs, on which AddFlags defined its flags, has
// parsed a command line: one that sets any of the settings tuning
// replaces (--learned, --learned-sqrt, --learned-games, --prior-even,
// --keep-tree, --distance-rave, --false-eyes) and not --tuned plays them
// as given, untuned; --tuned with --keep-tree=false plays tuned without
// the kept tree (ForgetTree).
func (s *Settings) Parsed(fs *flag.FlagSet) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["tuned"] {
		s.ForgetTree = set["keep-tree"] && !s.KeepTree
		return
	}
	for _, name := range tunedFlags {
		if set[name] {
			s.Tuned = false
		}
	}
}

// AddFlags defines a flag for each setting on fs, with s's values as
// defaults.
func (s *Settings) AddFlags(fs *flag.FlagSet) {
	fs.Uint64Var(&s.Seed, "seed", s.Seed, "seed of genmove's random choices")
	fs.StringVar(&s.Player, "player", s.Player, "who chooses genmove's moves: mcts (Monte-Carlo tree search) or random")
	fs.IntVar(&s.Playouts, "playouts", s.Playouts, "mcts: playouts a move (0: as many as --time allows)")
	fs.Float64Var(&s.Seconds, "time", s.Seconds, "mcts: seconds a move (0: as many as --playouts takes); GTP time_settings overrides")
	fs.IntVar(&s.Threads, "threads", s.Threads, "mcts: search threads")
	fs.BoolVar(&s.Resign, "resign", s.Resign, "mcts: resign hopeless games")
	fs.BoolVar(&s.StopEarly, "stop-early", s.StopEarly, "mcts: end a move's search once the playouts left could not change the move (exact under --playouts; under --time at the speed so far)")
	fs.IntVar(&s.AnalyzePlayouts, "analyze-playouts", s.AnalyzePlayouts, "mcts: playouts at which lz-analyze and kata-analyze stop searching (0: ten million over the board's points, at least 10000)")
	fs.Float64Var(&s.RandomShare, "random-moves", s.RandomShare, "mcts: the share of moves (0 to 1) played at random instead of the search's, for rating rungs between the random player and the search")
	fs.BoolVar(&s.Learned, "learned", s.Learned, "mcts: the tree's priors from the learned move model where moku embeds weights for the game (see docs/engine.md, \"Learned priors\"); other games keep the hand-set priors")
	fs.Float64Var(&s.LearnedGames, "learned-games", s.LearnedGames, "mcts: with --learned, the won games the most probable move starts with, the others in proportion to their probability (0: the default, 20)")
	fs.BoolVar(&s.LearnedSqrt, "learned-sqrt", s.LearnedSqrt, "mcts: with --learned, every move starts with --learned-games times the square root of its probability in won games, instead of in proportion to its probability over the favourite's")
	fs.Float64Var(&s.LearnedFloor, "learned-floor", s.LearnedFloor, "mcts: with --learned, moves less probable than this start from the even games alone, without the prior's won games (Pachi's pattern prior skips moves below 0.001; 0: every move gets its share)")
	fs.Float64Var(&s.MarginWeight, "margin-weight", s.MarginWeight, "mcts: the share (0 to 1) of a playout's reward that its score margin decides instead of who won, so that the search prefers winning by more and losing by less (0: the win alone)")
	fs.Float64Var(&s.MarginScale, "margin-scale", s.MarginScale, "mcts: with --margin-weight, the margin in points that earns the whole margin share (0: the board's points)")
	fs.IntVar(&s.ExpandVisits, "expand-visits", s.ExpandVisits, "mcts: playouts through a leaf before it is expanded (0: the default, 8)")
	fs.Float64Var(&s.PriorEven, "prior-even", s.PriorEven, "mcts: even games every new child starts with, before the priors' won games (0: the default, 10)")
	fs.Float64Var(&s.RaveEquiv, "rave-equiv", s.RaveEquiv, "mcts: playouts at which a move's AMAF rate and its own weigh the same (0: the default, 3500)")
	fs.BoolVar(&s.Tuned, "tuned", s.Tuned, "mcts: where moku has measured settings stronger than the defaults for the game and board (9x9 Go: --learned --learned-sqrt --learned-games 210 --prior-even 14 --keep-tree --distance-rave 3 --false-eyes; two-player Kee 9x9, Ki 11x11 and Keil side 7: the same without --distance-rave and --false-eyes; three-player Kee 7x7: without --keep-tree either), play with them; setting any of those flags without --tuned turns it off, and --tuned --keep-tree=false plays tuned without the kept tree (on 9x9 Go without --distance-rave and --false-eyes either)")
	fs.BoolVar(&s.LCB, "lcb", s.LCB, "mcts: play the root's move whose win rate has the highest lower confidence bound (three standard errors below) among those with at least 15% of the most visited move's playouts, instead of the most visited")
	fs.BoolVar(&s.FalseEyes, "false-eyes", s.FalseEyes, "mcts: the tree's priors start the filling of a false eye (two of the other player's stones on its diagonals, one on the edge, none in atari, around two chains of the mover's or more) from the priors of any placement, not from lost games as the filling of an eye (rectangles and tori)")
	fs.BoolVar(&s.KeepTree, "keep-tree", s.KeepTree, "mcts: start each move's search from the last move's tree below the moves played since, --playouts counting the new playouts only")
	fs.BoolVar(&s.Replies, "replies", s.Replies, "mcts: the tactical playouts play the last good reply to the last move, learned from the search's won playouts, where the board has them (two players on a rectangle)")
	fs.BoolVar(&s.Tactics.Nakade, "nakade", s.Tactics.Nakade, "mcts: the tactical playouts play the vital point of an eye space of three to six points the last move closed (rectangles)")
	fs.BoolVar(&s.Tactics.TwoLibs, "two-libs", s.Tactics.TwoLibs, "mcts: the tactical playouts play on the chains of two liberties at the last move: an atari on the opponent's, an extension of the player's own or a capture or atari next to it (Pachi's moggy 2lib check; rectangles)")
	fs.BoolVar(&s.Tactics.Ladders, "ladders", s.Tactics.Ladders, "mcts: the tactical playouts read ladders: a group in atari runs to two liberties when the chase does not catch it, and an atari on the last move's group that the chase catches is played (rectangles)")
	fs.BoolVar(&s.Tactics.LoneSelfAtari, "lone-self-atari", s.Tactics.LoneSelfAtari, "mcts: the tactical playouts refuse self-ataris of a single stone too, but for throw-ins into a space the other player encloses (rectangles)")
	fs.Float64Var(&s.Criticality, "criticality", s.Criticality, "mcts: Pachi's criticality in RAVE: a node through which 2000 playouts have gone gets its criticality times its AMAF games times this many won AMAF games (Pachi: 1.1; 0: off; two players)")
	fs.IntVar(&s.DistanceRave, "distance-rave", s.DistanceRave, "mcts: weigh each AMAF game by how soon below the node its move came, from this many for the next move down to 1 at the game's end (Pachi: 3; 0: every AMAF game counts 1)")
	fs.BoolVar(&s.KoThreats, "ko-threats", s.KoThreats, "mcts: give no AMAF games to a ko threat: below a node whose next move takes a ko, the same player's moves 4, 10, 16 ... moves down while the ko is taken back every third move (Pachi's threat_rave 0; two players, plain links)")
	fs.BoolVar(&s.LiveOwners, "live-owners", s.LiveOwners, "mcts: with learned priors whose weights know the owner feature (9x9 Go's), read the feature of each new node's moves from the owners at the end of the search's playouts so far, with the root's 64-playout estimate, as Pachi's mcowner reads its search's ownermap; false: from the root's estimate alone")
	fs.Float64Var(&s.Explore, "explore", s.Explore, "mcts: add UCB's exploration term to the tree's choice: a move with n playouts of its own gets this times sqrt(ln N / n), N its parent's (Pachi's explore_p; 0: none)")
	fs.BoolVar(&s.SqrtVloss, "sqrt-vloss", s.SqrtVloss, "mcts: with T threads, d descents under way through a move count as d*sqrt(T)/T lost games, none below T/sqrt(T) (Pachi's vloss_sqrt: two threads do not repel each other); false: one lost game each")
	fs.Float64Var(&s.VirtualLoss, "virtual-loss", s.VirtualLoss, "mcts: with --threads above 1 on one tree, each descent under way through a move counts as this many lost games until its playout is in (0 or 1: one; ignored with --sqrt-vloss)")
	fs.BoolVar(&s.DirectAMAF, "direct-amaf", s.DirectAMAF, "mcts: with --threads above 1, each thread adds its AMAF games straight to the tree, as one thread does; false: each holds those of busy nodes' children back in a buffer of its own for up to an eighth of the node's playouts")
	fs.BoolVar(&s.RootParallel, "root-parallel", s.RootParallel, "mcts: with --threads N, each thread searches a tree of its own with 1/N of the playouts and a seed of its own, and the move is chosen from the trees' root moves, their playouts and wins summed (root parallelism); false: the threads share one tree")
	fs.BoolVar(&s.Tactics.RunTwo, "run-two", s.Tactics.RunTwo, "mcts: the tactical playouts' answer to atari runs to two liberties as well as three, unread (rectangles)")
	fs.BoolVar(&s.Tactics.LadderRuns, "ladder-runs", s.Tactics.LadderRuns, "mcts: the tactical playouts' answer to atari runs to two liberties when the ladder that follows does not catch the group, without --ladders' ataris (rectangles)")
	fs.Float64Var(&s.Widening, "widening", s.Widening, "mcts: progressive widening: a descent chooses among a node's two children with the most prior won games, a third once the node has this many playouts, and one more each time its playouts grow by --widening-rate (0: off, every child a choice)")
	fs.Float64Var(&s.WideningRate, "widening-rate", s.WideningRate, "mcts: with --widening, the factor by which a node's playouts grow for each further child (0: the default, 1.4)")
	fs.BoolVar(&s.PruneLadders, "prune-ladders", s.PruneLadders, "mcts: with --learned, escapes from atari to two liberties that the prior reads as caught by a ladder are left out of the tree (Pachi's prune_ladders)")
	fs.BoolVar(&s.Tactics.KillingFills, "killing-fills", s.Tactics.KillingFills, "mcts: the tactical playouts allow a self-atari of three to six stones that fills the other player's eye space so that its capture leaves a dead shape (a straight or bent three, a square or pyramid four, a bulky or cross five, a rabbity six), as Pachi's moggy allows nakade, or a self-atari of two stones that puts the other player in atari from the inside; rectangles")
	fs.BoolVar(&s.Tactics.SelfAtariOther, "self-atari-other", s.Tactics.SelfAtariOther, "mcts: when the tactical playouts' random move refuses a self-atari, it plays instead the other liberty of a chain of the other player's next to it with two liberties, when that is no self-atari (Pachi's moggy: selfatari_other); rectangles")
	fs.BoolVar(&s.Tactics.Pattern2, "pattern2", s.Tactics.Pattern2, "mcts: the tactical playouts' shape step looks around the move before the last too when nothing matches around the last (Pachi's pattern2; rectangles)")
	fs.BoolVar(&s.Tactics.MoggyShapes, "moggy-shapes", s.Tactics.MoggyShapes, "mcts: the tactical playouts' shape step plays as Pachi's moggy: its 3x3 shapes (MoGo's with the thin hane and the eye on the edge, some asking that the stones they lean on not be in atari), around the last move and the one before together, drawn by moggy's gammas (rectangles)")
	fs.IntVar(&s.Tactics.StepRate, "step-rate", s.Tactics.StepRate, "mcts: the tactical playouts try each step (atari, ladders, nakade, shape) this many times in 100 (Pachi's moggy on 9x9: 90; 0 or 100: always; rectangles)")
	fs.IntVar(&s.Tactics.PatternRate, "pattern-rate", s.Tactics.PatternRate, "mcts: the tactical playouts try their shape step (3x3 patterns around the last move) this many times in 100, whatever --step-rate (0 or 100: as --step-rate; rectangles)")
	fs.IntVar(&s.Tactics.SelfAtariRate, "self-atari-rate", s.Tactics.SelfAtariRate, "mcts: the tactical playouts' random moves refuse a self-atari this many times in 100 (Pachi's moggy: 60; 0 or 100: always; rectangles)")
	fs.BoolVar(&s.Tactics.KoFights, "ko-fights", s.Tactics.KoFights, "mcts: the tactical playouts retake a ko, 40 times in 100, when its ban has gone within three moves of the capture (rectangles)")
	fs.BoolVar(&s.Gammas, "gammas", s.Gammas, "mcts: the tactical playouts draw their random moves in proportion to the learned model's gammas of 3x3 patterns and distances, where moku has weights for the game (rectangles)")
	fs.BoolVar(&s.Heavy, "heavy", s.Heavy, "mcts: tactical playouts where the game has them (two players: answers to atari, and on a rectangle 3x3 shapes, no big self-ataris; Keil on the hexhex: captures and rescues through linking; Ki: captures); --heavy=false for the light reference policy")
}

// Options returns the search's options the settings describe.
func (s Settings) Options() search.Options {
	o := search.DefaultOptions()
	o.Playouts, o.Time, o.Threads, o.Seed = s.Playouts, seconds(s.Seconds), s.Threads, s.Seed
	o.Resign, o.Heavy, o.StopEarly, o.Learned = s.Resign, s.Heavy, s.StopEarly, s.Learned
	o.LCB = s.LCB
	o.FalseEyes = s.FalseEyes
	o.KeepTree, o.Replies, o.Gammas, o.Tactics, o.Tuned, o.ForgetTree = s.KeepTree, s.Replies, s.Gammas, s.Tactics, s.Tuned, s.ForgetTree
	o.LearnedSqrt, o.Criticality, o.PruneLadders, o.DistanceRave = s.LearnedSqrt, s.Criticality, s.PruneLadders, s.DistanceRave
	if s.LearnedGames > 0 {
		o.LearnedGames = s.LearnedGames
	}
	o.MarginWeight, o.MarginScale = s.MarginWeight, s.MarginScale
	o.Widening, o.WideningRate, o.LearnedFloor = s.Widening, s.WideningRate, s.LearnedFloor
	o.Explore = s.Explore
	o.SqrtVirtualLoss, o.VirtualLoss, o.RootParallel = s.SqrtVloss, s.VirtualLoss, s.RootParallel
	o.DirectAMAF, o.KoThreats, o.LiveOwners = s.DirectAMAF, s.KoThreats, s.LiveOwners
	if s.ExpandVisits > 0 {
		o.ExpandVisits = s.ExpandVisits
	}
	if s.PriorEven > 0 {
		o.PriorEven = s.PriorEven
	}
	if s.RaveEquiv > 0 {
		o.RaveEquiv = s.RaveEquiv
	}
	return o
}

// Engine returns an engine playing the game cfg describes, its genmove
// played as the settings say. With the search, it also answers
// time_settings, time_left, moku-pie-komi, moku-pie-color, moku-analyze
// and the live analysis commands (see UseSearch).
func (s Settings) Engine(cfg catalog.Config) (*Engine, error) {
	e, err := New(cfg, s.Seed)
	if err != nil {
		return nil, err
	}
	if s.JudgePlayouts > 0 {
		e.SetEstimator(search.Playouts{N: s.JudgePlayouts, Seed: s.Seed})
	}
	switch s.Player {
	case "random":
		e.SetPlayer(RandomPlayer{Rand: rand.New(rand.NewPCG(s.Seed, 0x6d6f6b75))})
	case "mcts":
		o := s.Options()
		if o.Playouts <= 0 && o.Time <= 0 {
			return nil, fmt.Errorf("--playouts 0 needs --time")
		}
		p := search.New(o)
		e.UseSearch(p)
		e.registerAnalysis(p, s.AnalyzePlayouts)
		// version says whether the playouts are tactical, and the
		// priors learned and the tuning applied, in the game as it is
		// (boardsize and loadsgf change it).
		e.playedBy = func(st game.State) string { return search.New(o.In(st.Rules(), st.Graph())).Name() }
		if s.ExpandVisits < 0 || !(s.PriorEven >= 0) || !(s.RaveEquiv >= 0) || math.IsInf(s.PriorEven+s.RaveEquiv, 0) {
			return nil, fmt.Errorf("--expand-visits %d --prior-even %g --rave-equiv %g: want 0 (the default) or more", s.ExpandVisits, s.PriorEven, s.RaveEquiv)
		}
		if r := s.Tactics; r.StepRate < 0 || r.StepRate > 100 || r.SelfAtariRate < 0 || r.SelfAtariRate > 100 || r.PatternRate < 0 || r.PatternRate > 100 {
			return nil, fmt.Errorf("--step-rate %d --self-atari-rate %d --pattern-rate %d: want 0 to 100", r.StepRate, r.SelfAtariRate, r.PatternRate)
		}
		if !(s.Criticality >= 0) || math.IsInf(s.Criticality, 0) {
			return nil, fmt.Errorf("--criticality %g: want 0 (off) or more", s.Criticality)
		}
		if !(s.LearnedFloor >= 0 && s.LearnedFloor < 1) {
			return nil, fmt.Errorf("--learned-floor %g: want a probability from 0 (off) to below 1", s.LearnedFloor)
		}
		if !(s.Widening >= 0) || math.IsInf(s.Widening, 0) || !(s.WideningRate == 0 || s.WideningRate > 1) || math.IsInf(s.WideningRate, 0) {
			return nil, fmt.Errorf("--widening %g --widening-rate %g: want playouts of 0 (off) or more and a rate above 1 (0: the default)", s.Widening, s.WideningRate)
		}
		if !(s.Explore >= 0) || math.IsInf(s.Explore, 0) {
			return nil, fmt.Errorf("--explore %g: want 0 (off) or more", s.Explore)
		}
		if s.DistanceRave < 0 || s.DistanceRave > 100 {
			return nil, fmt.Errorf("--distance-rave %d: want 0 (off) to 100", s.DistanceRave)
		}
		if !(s.MarginWeight >= 0 && s.MarginWeight <= 1) || !(s.MarginScale >= 0) || math.IsInf(s.MarginScale, 0) {
			return nil, fmt.Errorf("--margin-weight %g --margin-scale %g: want a share from 0 to 1 and a scale of 0 or more points", s.MarginWeight, s.MarginScale)
		}
		if s.RandomShare < 0 || s.RandomShare > 1 || math.IsNaN(s.RandomShare) {
			return nil, fmt.Errorf("--random-moves %g: want a share from 0 to 1", s.RandomShare)
		}
		if s.RandomShare > 0 {
			d := game.Diluted{Player: p, Random: RandomPlayer{Rand: rand.New(rand.NewPCG(s.Seed, 0x6d6f6b75))}, Share: s.RandomShare}
			name := e.playedBy
			e.SetPlayer(d)
			e.playedBy = func(st game.State) string { return fmt.Sprintf("%s, %g%% random moves", name(st), 100*s.RandomShare) }
		}
	default:
		return nil, fmt.Errorf("--player %q: want mcts or random", s.Player)
	}
	return e, nil
}

// UseSearch makes the search p play genmove, and adds its commands: GTP's
// time_settings and time_left (on p's clock, which it gets if it has
// none), the komi pie's moku-pie-komi and moku-pie-color, moku-analyze,
// and the live analysis of Leela Zero and KataGo (lz-analyze,
// kata-analyze, genmove_analyze, lz-genmove_analyze,
// kata-genmove_analyze; see analyze.go).
func (e *Engine) UseSearch(p *search.Player) {
	if p.Clock == nil {
		p.Clock = &search.Clock{}
	}
	e.SetPlayer(p)
	byoyomi := false // kgs-time_settings byoyomi: time_left counts periods, not stones
	e.Register("time_settings", func(e *Engine, a []string) (string, error) {
		byoyomi = false
		return timeSettings(p.Clock, a)
	})
	e.Register("kgs-time_settings", func(e *Engine, a []string) (string, error) {
		jp, err := kgsTimeSettings(p.Clock, a)
		if err == nil {
			byoyomi = jp
		}
		return "", err
	})
	e.Register("time_left", func(e *Engine, a []string) (string, error) {
		if byoyomi && len(a) == 3 && a[2] != "0" {
			a = []string{a[0], a[1], "1"} // the time left of one period, for one move
		}
		return timeLeft(e, p.Clock, a)
	})
	e.Register("moku-pie-komi", func(e *Engine, a []string) (string, error) { return pieKomi(e.State(), p.Opt) })
	e.Register("moku-pie-color", func(e *Engine, a []string) (string, error) { return pieColor(e.State(), p.Opt, a) })
	e.Register("moku-analyze", func(e *Engine, a []string) (string, error) { return analyze(e.State(), p.Opt, a) })
	e.registerAnalysis(p, 0)
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// timeSettings answers time_settings <main_time> <byo_yomi_time>
// <byo_yomi_stones>.
func timeSettings(c *search.Clock, a []string) (string, error) {
	if len(a) != 3 {
		return "", fmt.Errorf("usage: time_settings <main_time> <byo_yomi_time> <byo_yomi_stones>")
	}
	main, err1 := strconv.ParseFloat(a[0], 64)
	byo, err2 := strconv.ParseFloat(a[1], 64)
	stones, err3 := strconv.Atoi(a[2])
	if err1 != nil || err2 != nil || err3 != nil || main < 0 || byo < 0 || stones < 0 {
		return "", fmt.Errorf("syntax error")
	}
	c.Settings(seconds(main), seconds(byo), stones)
	return "", nil
}

// kgsTimeSettings answers kgsGtp's kgs-time_settings: none, absolute
// MAIN, canadian MAIN PERIOD STONES, or byoyomi MAIN PERIOD PERIODS, on
// the search's clock, which knows Canadian byo-yomi: Japanese byo-yomi is
// kept as Canadian periods of one stone (each move within one period;
// the periods beyond the one in progress are kept in reserve). It reports
// whether the system is byoyomi, whose time_left counts periods.
func kgsTimeSettings(c *search.Clock, a []string) (bool, error) {
	usage := fmt.Errorf("usage: kgs-time_settings none | absolute <main> | canadian <main> <period> <stones> | byoyomi <main> <period> <periods>")
	if len(a) == 0 {
		return false, usage
	}
	kind, want := strings.ToLower(a[0]), map[string]int{"none": 1, "absolute": 2, "canadian": 4, "byoyomi": 4}
	if want[kind] == 0 || len(a) != want[kind] {
		return false, usage
	}
	switch kind {
	case "none":
		c.Settings(0, 0, 0)
		return false, nil
	case "absolute":
		_, err := timeSettings(c, []string{a[1], "0", "0"})
		return false, err
	case "canadian":
		_, err := timeSettings(c, a[1:])
		return false, err
	}
	periods, err := strconv.Atoi(a[3])
	if err != nil || periods < 0 {
		return false, fmt.Errorf("syntax error")
	}
	stones := "1"
	if periods == 0 {
		stones = "0"
	}
	_, err = timeSettings(c, []string{a[1], a[2], stones})
	return true, err
}

// timeLeft answers time_left <color> <time> <stones>: the time of that
// colour's clock (each player has one).
func timeLeft(e *Engine, c *search.Clock, a []string) (string, error) {
	if len(a) != 3 {
		return "", fmt.Errorf("usage: time_left <color> <time> <stones>")
	}
	color, err := e.color(a[0])
	if err != nil {
		return "", err
	}
	left, err1 := strconv.ParseFloat(a[1], 64)
	stones, err2 := strconv.Atoi(a[2])
	if err1 != nil || err2 != nil {
		return "", fmt.Errorf("syntax error")
	}
	c.Left(color, seconds(left), stones)
	return "", nil
}

// start returns the start of s's game, on a clone.
func start(s game.State) game.State {
	c := s.Clone()
	for c.Undo() {
	}
	return c
}

// pieKomi answers moku-pie-komi (the komi pie of Keil): the komi the
// search believes balances the game from its start, with Black's win rate
// and the expected margin under it.
func pieKomi(s game.State, o search.Options) (string, error) {
	prop, err := search.ProposeKomi(start(s), o)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s black-winrate %.3f margin %.1f", strconv.FormatFloat(prop.Komi, 'f', -1, 64), prop.BlackWinRate, prop.Margin), nil
}

// pieColor answers moku-pie-color KOMI: the colour the search would
// rather play from the start under that komi, with its win rate.
func pieColor(s game.State, o search.Options, a []string) (string, error) {
	if len(a) != 1 {
		return "", fmt.Errorf("usage: moku-pie-color <komi>")
	}
	komi, err := strconv.ParseFloat(a[0], 64)
	if err != nil {
		return "", fmt.Errorf("komi not a float")
	}
	c, rate, err := search.ChooseColor(start(s), komi, o)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s winrate %.3f", c, rate), nil
}

// analyze answers moku-analyze [playouts]: it searches the position for
// the player to move without playing, with the whole budget (no early
// stop), and reports as FormatAnalysis does.
func analyze(s game.State, o search.Options, a []string) (string, error) {
	if s.Over() {
		return "", fmt.Errorf("the game is over")
	}
	o.StopEarly = false
	if len(a) > 0 {
		n, err := strconv.Atoi(a[0])
		if err != nil || n <= 0 {
			return "", fmt.Errorf("usage: moku-analyze [playouts]")
		}
		o.Playouts, o.Time = n, 0
	}
	an, err := search.Search(s, o)
	if err != nil {
		return "", err
	}
	return FormatAnalysis(s, an), nil
}

// FormatAnalysis writes a search's analysis of s as moku-analyze answers
// it, one item a line: the player to move, its win rate and expected score
// margin, the playouts and seconds spent, up to ten candidates with their
// visits, win rates (of their own playouts; "-" for a move no playout has
// tried yet) and principal variations, and the ownership of every point
// (+1: the player to move's, -1: another player's).
func FormatAnalysis(s game.State, an search.Analysis) string {
	g := s.Graph()
	var b strings.Builder
	fmt.Fprintf(&b, "player %s\nwinrate %.3f\nmargin %.1f\nplayouts %d\nseconds %.2f\n", s.ToMove(), an.WinRate, an.Margin, an.Playouts, an.Seconds)
	for i, c := range an.Candidates {
		if i == 10 || (i > 0 && c.Visits == 0) {
			break
		}
		pv := make([]string, len(c.PV))
		for j, m := range c.PV {
			pv[j] = m.Format(g)
		}
		rate := "-"
		if c.Visits > 0 {
			rate = fmt.Sprintf("%.3f", c.WinRate)
		}
		fmt.Fprintf(&b, "move %s visits %d winrate %s pv %s\n", c.Move.Format(g), c.Visits, rate, strings.Join(pv, " "))
	}
	b.WriteString("ownership")
	for q, v := range an.Ownership {
		fmt.Fprintf(&b, " %s %.2f", g.Name(q), v)
	}
	return b.String()
}
