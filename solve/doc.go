// Package solve computes the exact game-theoretic value of small boards
// under every ruleset moku plays: the final margin for the first player
// (Black's score minus White's, komi and button included) with perfect play
// from the starting position, and a principal variation.
//
// Start with For (the solver for a ruleset and a board: Solver, or KiSolver
// for Ki) and Exact.Solve, or SolveMulti for three or four players;
// Result.WriteText prints a result. FromState solves a two-player game from
// any position of it (its moves so far replayed, so that the history the
// rules look at is the game's), within Options.MaxNodes: the web app's
// analysis board offers it once few points are left empty.
//
// # Method
//
// The search is fail-soft alpha-beta in minimax form (Black maximises the
// margin, White minimises it; the player to move is read from the game, so
// Kee's rescinding passes, after which the same player moves again, need no
// special case) driven by MTD(f): a sequence of null-window tests on the
// score, each one answering "is the value at least b?", that narrows the
// interval of possible values until it is a single value (iterative
// deepening on the score), and each test is answered by iterative deepening
// on depth (below).
//
// # Deepening ply cap
//
// Under superko a depth-first search that follows its first move to the end
// of the game wanders: the loser can prolong a game through thousands of new
// positions (on 3x4 Go most nodes of an unbounded search were more than
// 1,000 plies deep), and the table, whose entries depend on the history,
// rarely helps so deep. So each test "value >= b?" at a node is searched with
// a ply cap c below the node (2, 4, 6, 8, 10, 12, 15, 18, 22, ...: a step of
// max(2, c/4)), twice:
//
//   - pessimistic: a line reaching the cap scores the lowest margin the
//     position can still end with (−points − ½ − komi, raised by Black's
//     Benson-safe points and the button). Every leaf then scores at most
//     its real value, so the capped game's value is a lower bound of the
//     real one: a fail high (>= b) proves value >= b. (No capped line
//     can be part of Black's proof unless its floor already reaches b,
//     which is then true of the real game too.)
//   - optimistic: capped lines score the highest margin still possible,
//     an upper bound: a fail low (< b) proves value < b.
//
// If neither decides, the cap grows. A search that reached no cap (nor
// used a capped result from the table) is exact and decides at once. Every
// game the solver accepts is finite, so a large enough cap always decides;
// in practice short proofs exist where the long lines are the loser's
// (3x4 Go: value >= B+4 is proved at cap 18 and value < B+4.5 at cap
// 22 to 26, in 250 k nodes, where the unbounded search did not finish the
// first test in 10 M).
//
// Values returned below a capped search mean different things: in a
// pessimistic search a fail high is a bound of the real game at every node
// (by induction: a fail high at a Black node rests on one child's fail high,
// at a White node on all children's fail highs, and leaves that fail high
// are finished games, Benson bounds, real table bounds, or floors that are
// real lower bounds), while a fail low bounds only the capped game; in an
// optimistic search the reverse. The table keeps them apart: bounds of the
// real game (fail highs of pessimistic searches, fail lows of optimistic
// ones, and any result whose subtree reached no cap) are stored under the
// position's key and used by every later search; the others under the
// position's key mixed with the mode and the plies left to the cap, and used
// only at the same depth below the cap in the same mode (where the capped
// game is the same). A node's frame records whether its result rests on a
// capped line or a capped entry. Options.NoDeepen searches without the cap
// (the older method, tested to agree).
//
// No margin lies outside [-(points + ½), points + ½] − komi (every point
// counts for at most one player, the button for ½; once someone has taken
// the button the other side loses that half point): the search starts with
// that interval, cuts off any node whose window lies outside it, and the
// first MTD(f) test is "does Black win every point?" (Options.Guess
// overrides it). Where Black can, as on 3x3 Go, that single test is the whole
// proof: Black's proof tree needs one good reply to each White move, and no
// refutation of a higher value is needed.
//
// Moves are ordered by the table's best move (without a table, by the best
// move remembered for the position, an order only), then, under plain
// connectivity with two players, by tactical tiers: captures (more stones
// first), plays that extend a chain in atari, ataris, ordinary plays, a pass
// that does not end the game, and last plays that fill an own eye or put the
// player's own chain in atari; within a tier by a history heuristic. A pass
// that ends the game is a leaf and is tried first. The order prunes nothing.
// Positions are reduced by the board's symmetries (the 8 of a square, 4 of a
// rectangle, 12 of the hexhex: rigid motions of the drawing that are graph
// automorphisms, checked edge by edge).
//
// The principal variation is found after the value v is known: at each node
// the first move whose null-window test shows it keeps v (every move's value
// is on the mover's side of v, so one test decides), the minimising side
// trying passes first, so that the line ends as soon as perfect play allows.
//
// Every game the solver accepts is finite without any length cap, so the
// deepening ends: under
// positional and situational superko every placement creates a new
// (board, player to move) and two passes in a row end the game; under
// Keil's own-position rule every placement creates a new end-of-turn
// position for its player and passes come only after the button; in Ki a
// recurring position ends the game. Simple ko and "no ko" allow infinite
// games and are refused. Kee's cycle prohibition can in principle allow
// long cycles; for Kee the search runs with a ply cap twice, once scoring
// capped lines as the worst margin any game could have for Black and once as
// the best, and reports an exact value only when the two agree (the cap is
// then provably not binding); otherwise it reports the interval, which
// holds the value.
//
// # History-dependent rules and the transposition table
//
// Under superko, the own-position rule and Ki's recurrence rule, what is
// legal (or whether the game ends) depends on the positions earlier in the
// game, so a transposition table keyed by the position alone is unsound (the
// graph-history-interaction problem). The solver applies the repetition rule
// itself (the engine runs with ko=none and every placement's result is
// compared with the solver's own record of the path; Ki's engine reports
// which earlier position recurred), so it knows exactly which questions a
// search of a subtree asked about the history above the subtree's root.
//
// Searching a subtree T from position n is deterministic given the answers
// to the questions "is position x in the history above n?" for the positions
// x it generates. Each table entry therefore records, next to its bounds:
//
//   - hits: the positions above n that answered yes (a placement was
//     forbidden, or a Ki game ended, because of them), and
//   - box: for every point, the set of contents (empty, black, white) it
//     had in some position of T, a cheap over-approximation of the set of
//     positions T generated; and
//   - bloom: a 512-bit Bloom filter of the positions T generated, each
//     entered by its least identity over the board's symmetries (so the
//     filter is the same in every orientation, and contains every image of
//     a generated position: a further over-approximation, never an
//     under-approximation).
//
// Entries found through the table inside T contribute their own hits, box
// and filter, so the record covers everything the result rests on (a result
// that depends on more than 32 positions above n is not stored). An entry stored
// at n with history H is used at n' (the same position, up to symmetry)
// with history H' only if every hit is in H' (the same moves are still
// forbidden) and every other position of H' lies outside the box or outside
// the filter (so no position that T generated, and found absent from H, is
// present in H'); or
// if H' and H are the same set of positions (a signature of the set is
// stored). Under either condition every question T asked has the same
// answer under H' as under H, so T's search, and its bound, are the same.
// Hashes of positions are 64-bit Zobrist keys, as in the engines.
//
// Kee (cycle prohibition, appeals and rescission) depends on the order of
// passes and plays in the history, not only on the set of positions; its
// search uses no table and no symmetry: a plain full-history search (for
// three or four players, max-n: see below).
//
// Reference is such a plain search over any engine's own legal moves (with
// the engine's own repetition rules, and only an ordering of its moves:
// ending passes, tactics, the move that last cut off at the position); the
// tests compare the solver with it on every board small enough (Go up to
// 2x2, 2x3 and 2x4, Keil hex:2, Ki 3x3). On 3x3 Go the reference does not finish in
// test time (superko lets White prolong lines past 400 plies); there the
// tests check that the solver with and without the table, symmetry and
// Benson bounds agree (without a table the solver is a plain full-history
// search with its own superko check).
//
// # Three and four players (Kee): max-n
//
// With more than two players there is no single margin. SolveMulti runs a
// max-n search: the value of a node is a vector of final scores, one per
// player; at a finished game it is the engine's count (komi included), and
// at any other node it is the vector of the child chosen by the player to
// move, the child whose vector gives that player the highest score. Tie
// rule: among children equally good for the mover, the first in the
// engine's move order (placements by point index, then appeals, then the
// non-appealing pass) is taken; the value and PV are therefore
// deterministic, and a different tie rule (e.g. spite: the worst for the
// others) could give other players different scores. The ranking printed
// is that of the final vector, equal scores sharing a rank.
//
// The search is over the engine's own full-history rules (no table, no
// symmetry), with shallow pruning: a finished game's scores sum to at most
// points + komis, and each is at least its komi, so once the mover m at a
// node is sure of x, its parent's player p can get at most
// points + komis − x − (the other players' komis) through the node; if that is
// no more than what p already has from an earlier move, p, which switches
// only on a strict improvement, will not choose the node, and its remaining
// moves are skipped. The returned vector is then a real outcome no better
// for p, so the root value and PV are exactly those of plain max-n (the
// tests check both on 2x1 and 3x1 with 3 and 4 players, and replay each PV
// on the engine to the printed scores).
//
// Kee with three or more players has very long lines: on 2x1 with three
// players some pass 40 plies, appealing passes and rescissions going round
// (whether any is endless the search does not decide). Lines are capped at a ply
// count (default 4 × points + 16); a line reaching the cap is taken for an
// endless game and scores the worst possible for every player (every player
// prefers any finished game to it). When no line reaches the cap the value
// is exact; otherwise (Exact false, CappedLines > 0) it is the exact max-n
// value of that capped game, and comparing caps shows whether it moves.
// With three players on 2x1 no game is longer than 46 plies, so a cap of 50
// gives the exact value (tested). SolveMultiDeepen (Options.Deepen) raises
// the cap by 2 plies from 2 until no line reaches it, reporting the last cap
// solved when stopped.
//
// # Benson bounds
//
// Under area scoring with plain connectivity, the stones of unconditionally
// alive chains (Benson's algorithm) and the one-point regions they enclose
// are the owner's at the end of every game in which the owner never plays
// into them; restricting the owner so can only lower its result, so these
// points bound the value from the owner's side under any history.
//
// Keil gets the same kind of bound under its linking (keilSafe): a set S of
// the owner's stones, joined only through witnesses of their own colour in
// S (a link both wordings keep while S stands), and a set E of empty points
// whose neighbours are all in S or E, where every witness of two adjacent
// points of E is in S, and each component of S has two points of E as
// liberties through a witness in S. An opponent stone on E would have no
// friend and no linked empty neighbour (a witness of c's colour separates
// it from each), and capture nothing (every component keeps another
// liberty): suicide, which Keil forbids. So S and E (in territories linked
// only to S) stay the owner's. One-point eyes are the simplest E; two
// adjacent points inside the owner's wall are another. The test
// TestKeilSafeHolds checks the claim on random and one-sided positions and
// continuations.
//
// Ki gets one from its control rule (kiSafe): the largest set T of the
// owner's stones and E of empty points such that around each stone of T the
// opponent, with at most degree − |T ∪ E neighbours| stones, can never
// control it, and c always controls each point of E (at least two
// neighbours in T, more than the opponent could have). The first move to
// break this would have to place on E, which c controls, or capture a stone
// of T, which the counts forbid: so T stays, E is never the opponent's, and
// the owner ends with at least |T| stones, the opponent with at most
// n − |T| − |E|. A 2x2 block of stones is such a T on its own. The test
// TestKiSafeHolds checks it on random positions and continuations.
//
// The margin bounds count the safe points for their owner and everything
// else (and the button's half point, unless the owner holds it) for the
// other side. A bound is a cutoff when it already decides the window, and
// otherwise it narrows the floor and ceiling that capped lines score.
//
// # Ki: KiSolver
//
// Ki needs none of the history machinery: no position recurs in Ki on any
// graph (package ki proves it in recurrence_test.go, with a potential that
// never falls), so a position's value is a function of the board and the
// player to move, and every game ends with the board full. KiSolver
// exploits both. It searches V, the number of points Black ends with
// (the margin is 2V − n − komi), by MTD(f) and fail-soft alpha-beta on two
// bitboards, with no ply cap: every line ends. Its table holds, for each
// position in canonical orientation (the least image of the two bitboards
// under the board's symmetries; whole positions, so no hash collision can
// mislead it), proven bounds on V and a best move; a two-entry bucket
// keeps the result of the bigger search. kiSafe bounds V from both sides,
// now counting E for its owner too, since the board ends full. Moves are
// ordered by the table's best move, then (with six or more empty points)
// by a static gain (stones placed and captured, empty points the mover
// then controls minus those the opponent controls), then by the history
// heuristic; with nine or more empty points every child is looked up in
// the table first (enhanced transposition cutoff). With Options.Threads
// above one, every thread searches each test from the root, sharing the
// table (lazy SMP); its entries are written and read without locks, the
// stones stored mixed with the packed bounds, so that a read torn between
// two writes decodes to another position and misses. Since every stored
// bound is proven, a table saved by one run (SaveTable) serves the next.
// TestKiFastAgrees checks it against Solver on 140 random positions of
// 3x3, 5x5 and 7x7 and the 3x3 start, with one, two and three threads.
package solve
