package moku_test

import (
	"fmt"

	"moku"
)

func ExampleVersion() {
	fmt.Println("moku", moku.Version)
	// Output: moku 0.1
}
