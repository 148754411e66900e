// Parses each SGF file named on the command line with Sabaki's parser and
// prints, per file, the number of games, the number of nodes of the first
// game and, for its main line, each node's property identifiers and values
// as JSON.
const fs = require("fs");
const sgf = require("@sabaki/sgf");
const out = [];
for (const file of process.argv.slice(2)) {
  const games = sgf.parse(fs.readFileSync(file, "utf8"));
  const line = [];
  for (let node = games[0]; node; node = node.children[0]) line.push(node.data);
  let nodes = 0;
  const count = (node) => {
    nodes++;
    node.children.forEach(count);
  };
  count(games[0]);
  out.push({ games: games.length, nodes, mainLine: line });
}
process.stdout.write(JSON.stringify(out));
