// Package prior provides move priors learned from games: the features of
// a candidate move in a position, a model that turns them into the
// move's probability, the minorization-maximization (MM) trainer that
// fits the model to recorded games, and the weights files moku embeds.
//
// # The model
//
// It is Rémi Coulom's generalized Bradley-Terry model of moves ("Computing
// Elo ratings of move patterns in the game of Go", 2007). A move is
// described by its features, at most one from each Group: the pattern of
// the stones around it (Pattern: the 3x3 square on square boards, the six
// neighbours on the hexhex, both canonicalised under the board's rotations
// and reflections, colours relative to the mover; on square boards also
// Spatial, the twelve cells within two steps, and Spatial5 to Spatial8,
// the larger shapes within gridcular distance 5 to 8; on the hexhex
// Spatial5 and Spatial6, the shapes within two and three steps; hashed,
// of which a model keeps only the frequent ones: see DropRare), tactical facts
// (Capture, Escape, SelfAtari, Atari: the liberty family, read by playing
// the move on the rules engine, so Keil's links and Kee's rules are
// honoured; with two players, Ladder: whether an atari captures, or an
// escape from atari is caught anyway, read by playing the chase out) and
// distances (Last, Last2: to the last two moves; Edge: to
// the edge), and passes (Pass). Each feature f has a strength gamma_f; a
// move's strength is the product of its features' gammas, and the
// probability that it is played is its strength over the sum of the
// strengths of all the legal moves.
//
// On the hexhex the pattern's ring of six neighbours holds the witnesses
// of every adjacency of the point (the two points next to both ends of
// the edge), so under Keil's link rule the pattern says which of the
// move's adjacencies would be links.
//
// # Training
//
// ReadRecords turns a directory of SGF records (moku's self-play: `moku
// match` writes one file a game) into Positions: for every move of every
// game, the features of all the legal moves and which was played.
// Trainer fits the gammas by MM, group by group, with Coulom's prior (a
// virtual win and loss of every feature against a move of strength 1);
// each iteration never lowers the objective. Learn is the whole run of
// `moku learn`: read, fit, and write the weights file after every
// iteration, resuming from it when it holds a model of the same data.
//
// # The weights file
//
// A weights file is text, one item a line (see Model.WriteTo): the line
// "moku-prior 1", then "game G" and "geometry K" (the game and the kind
// of rings it was learned for), "players P" when its games had more than
// two players, "iteration N", "data D" (a digest of the
// training positions), comment lines starting with "#" (the command and
// the data), and one line per feature: the group's name, the value (a
// pattern's cells as characters: '.' empty, 'X' the mover's, 'O'
// another's, '#' off the board), and the gamma, written so that it reads
// back as the same float64. The files in weights/ (weights/GAME-KIND.txt,
// or GAMEn-KIND.txt for n players, see Key) are embedded; For returns the one for a game, or nil when moku
// has none, and the search keeps its hand-set priors there.
package prior
