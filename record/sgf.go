package record

// This file implements the syntax of SGF FF[4] (Smart Game Format): a
// collection of game trees, each a sequence of nodes followed by variations;
// nodes hold properties, each an identifier and one or more bracketed values.
// The parser keeps every property, known or not, with its values exactly as
// written (escapes included), so writing a parsed collection back loses
// nothing but insignificant white space. Errors name the line and column.

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Pos is a place in an SGF file: 1-based line and column (in characters).
type Pos struct{ Line, Col int }

// String writes the position as line:column.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Property is one SGF property: an identifier such as "B" or "C" and its
// values as written between the brackets (escapes not yet processed; see
// Text and EscapeText).
type Property struct {
	Ident  string
	Values []string
	Pos    Pos
}

// Node is one SGF node, its properties in file order.
type Node struct {
	Props []Property
	Pos   Pos
}

// Tree is an SGF game tree: a sequence of nodes, then its variations. The
// first variation continues the main line.
type Tree struct {
	Nodes    []*Node
	Children []*Tree
	Pos      Pos
}

// SyntaxError is a malformed SGF file: what is wrong and where.
type SyntaxError struct {
	Pos Pos
	Msg string
}

// Error gives the place (line:column) and what is wrong there.
func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

// MaxSGFSize caps the input ParseSGF accepts.
const MaxSGFSize = 64 << 20

// ParseSGF reads an SGF collection: one or more game trees. Text before the
// first "(" and after the last tree is ignored, as FF[4] allows.
// Lower-case letters in property identifiers (FF[3] style, "AddBlack") are
// dropped, as FF[4] asks of readers.
func ParseSGF(data []byte) ([]*Tree, error) {
	if len(data) > MaxSGFSize {
		return nil, fmt.Errorf("SGF data of %d bytes: at most %d allowed", len(data), MaxSGFSize)
	}
	p := &sgfParser{data: data, line: 1, col: 1}
	var trees []*Tree
	// Skip anything before the first game tree.
	for p.i < len(p.data) && p.data[p.i] != '(' {
		p.advance()
	}
	if p.i >= len(p.data) {
		return nil, p.errorf(p.pos(), "no game tree: an SGF file starts with \"(;\"")
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '(' {
			break
		}
		t, err := p.tree()
		if err != nil {
			return nil, err
		}
		trees = append(trees, t)
	}
	return trees, nil
}

type sgfParser struct {
	data      []byte
	i         int
	line, col int
}

func (p *sgfParser) pos() Pos { return Pos{p.line, p.col} }

func (p *sgfParser) errorf(at Pos, format string, a ...any) error {
	return &SyntaxError{Pos: at, Msg: fmt.Sprintf(format, a...)}
}

// advance moves past one character (a whole UTF-8 sequence).
func (p *sgfParser) advance() {
	c := p.data[p.i]
	if c == '\n' {
		p.line, p.col = p.line+1, 1
		p.i++
		return
	}
	_, n := utf8.DecodeRune(p.data[p.i:])
	p.i += n
	p.col++
}

func (p *sgfParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			p.advance()
		default:
			return
		}
	}
}

// tree parses a game tree starting at "(", iteratively so that deep
// nesting cannot exhaust the stack.
func (p *sgfParser) tree() (*Tree, error) {
	root := &Tree{Pos: p.pos()}
	p.advance() // (
	stack := []*Tree{root}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		p.space()
		if p.i >= len(p.data) {
			return nil, p.errorf(cur.Pos, "game tree opened here is not closed: missing \")\"")
		}
		switch c := p.data[p.i]; c {
		case ';':
			if len(cur.Children) > 0 {
				return nil, p.errorf(p.pos(), "a node after a variation: nodes must come before the variations of a game tree")
			}
			n, err := p.node()
			if err != nil {
				return nil, err
			}
			cur.Nodes = append(cur.Nodes, n)
		case '(':
			if len(cur.Nodes) == 0 {
				return nil, p.errorf(p.pos(), "a variation before any node: a game tree starts with a node (\";\")")
			}
			t := &Tree{Pos: p.pos()}
			p.advance()
			cur.Children = append(cur.Children, t)
			stack = append(stack, t)
		case ')':
			if len(cur.Nodes) == 0 {
				return nil, p.errorf(cur.Pos, "empty game tree: a game tree holds at least one node")
			}
			p.advance()
			stack = stack[:len(stack)-1]
		default:
			return nil, p.errorf(p.pos(), "unexpected %q: want \";\" (a node), \"(\" or \")\"", p.rune())
		}
	}
	return root, nil
}

func (p *sgfParser) rune() rune {
	r, _ := utf8.DecodeRune(p.data[p.i:])
	return r
}

func (p *sgfParser) node() (*Node, error) {
	n := &Node{Pos: p.pos()}
	p.advance() // ;
	for {
		p.space()
		if p.i >= len(p.data) {
			return n, nil
		}
		c := p.data[p.i]
		if !isLetter(c) {
			return n, nil
		}
		at := p.pos()
		var id strings.Builder
		for p.i < len(p.data) && isLetter(p.data[p.i]) {
			if c := p.data[p.i]; c >= 'A' && c <= 'Z' {
				id.WriteByte(c)
			}
			p.advance()
		}
		if id.Len() == 0 {
			return nil, p.errorf(at, "property identifier without an upper-case letter")
		}
		prop := Property{Ident: id.String(), Pos: at}
		for {
			p.space()
			if p.i >= len(p.data) || p.data[p.i] != '[' {
				break
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.Values = append(prop.Values, v)
		}
		if len(prop.Values) == 0 {
			if p.i >= len(p.data) {
				return nil, p.errorf(at, "property %s has no value (the file ends)", prop.Ident)
			}
			return nil, p.errorf(p.pos(), "property %s has no value: want \"[\", not %q", prop.Ident, p.rune())
		}
		// A repeated identifier is kept as written (real files have them,
		// e.g. two AP properties); Get reads the first.
		n.Props = append(n.Props, prop)
	}
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// value reads one bracketed value and returns it as written.
func (p *sgfParser) value() (string, error) {
	at := p.pos()
	p.advance() // [
	start := p.i
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ']':
			v := string(p.data[start:p.i])
			p.advance()
			return v, nil
		case '\\':
			p.advance()
			if p.i >= len(p.data) {
				return "", p.errorf(at, "value opened here is not closed: the file ends after \"\\\"")
			}
		}
		p.advance()
	}
	return "", p.errorf(at, "value opened here is not closed: missing \"]\"")
}

// Text decodes a value as SGF Text: "\" escapes the next character, and a
// "\" before a line break removes the break (a soft line break). Line breaks
// are normalised to "\n".
func Text(raw string) string {
	if !strings.ContainsAny(raw, "\\\r") {
		return raw
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\r' {
			if i+1 < len(raw) && raw[i+1] == '\n' {
				continue
			}
			b.WriteByte('\n')
			continue
		}
		if c != '\\' || i+1 >= len(raw) {
			b.WriteByte(c)
			continue
		}
		i++
		switch raw[i] {
		case '\n':
			if i+1 < len(raw) && raw[i+1] == '\r' {
				i++
			}
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		default:
			b.WriteByte(raw[i])
		}
	}
	return b.String()
}

// EscapeText encodes text as an SGF value: "]" and "\" are escaped.
func EscapeText(s string) string {
	if !strings.ContainsAny(s, "]\\") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == ']' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Get returns the first value of property id, decoded as Text.
func (n *Node) Get(id string) (string, bool) {
	for _, p := range n.Props {
		if p.Ident == id {
			return Text(p.Values[0]), true
		}
	}
	return "", false
}

// Prop returns property id.
func (n *Node) Prop(id string) (Property, bool) {
	for _, p := range n.Props {
		if p.Ident == id {
			return p, true
		}
	}
	return Property{}, false
}

// Set replaces (or adds, at the end) property id with the given text
// values, escaping them.
func (n *Node) Set(id string, values ...string) {
	raw := make([]string, len(values))
	for i, v := range values {
		raw[i] = EscapeText(v)
	}
	for i, p := range n.Props {
		if p.Ident == id {
			n.Props[i].Values = raw
			return
		}
	}
	n.Props = append(n.Props, Property{Ident: id, Values: raw})
}

// Delete removes property id.
func (n *Node) Delete(id string) {
	for i, p := range n.Props {
		if p.Ident == id {
			n.Props = append(n.Props[:i], n.Props[i+1:]...)
			return
		}
	}
}

// MainLine returns the nodes of the main line: the tree's own nodes, then
// those of its first variation, recursively.
func (t *Tree) MainLine() []*Node {
	var nodes []*Node
	for ; t != nil; t = first(t.Children) {
		nodes = append(nodes, t.Nodes...)
	}
	return nodes
}

func first(ts []*Tree) *Tree {
	if len(ts) == 0 {
		return nil
	}
	return ts[0]
}

// WriteSGF writes a collection: one node a line, each variation starting on
// a new line. Values are written exactly as they are held.
func WriteSGF(w io.Writer, trees []*Tree) error {
	var b bytes.Buffer
	for _, t := range trees {
		writeTree(&b, t)
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}

// FormatSGF returns the collection as WriteSGF writes it.
func FormatSGF(trees ...*Tree) string {
	var b strings.Builder
	WriteSGF(&b, trees)
	return b.String()
}

func writeTree(b *bytes.Buffer, t *Tree) {
	type frame struct {
		t    *Tree
		next int // the next child to write; -1 before the nodes
	}
	stack := []frame{{t, -1}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next < 0 {
			b.WriteByte('(')
			for i, n := range f.t.Nodes {
				if i > 0 {
					b.WriteByte('\n')
				}
				writeNode(b, n)
			}
			f.next = 0
		}
		if f.next < len(f.t.Children) {
			c := f.t.Children[f.next]
			f.next++
			b.WriteByte('\n')
			stack = append(stack, frame{c, -1})
			continue
		}
		b.WriteByte(')')
		stack = stack[:len(stack)-1]
	}
}

func writeNode(b *bytes.Buffer, n *Node) {
	b.WriteByte(';')
	for _, p := range n.Props {
		b.WriteString(p.Ident)
		for _, v := range p.Values {
			b.WriteByte('[')
			b.WriteString(v)
			b.WriteByte(']')
		}
	}
}
