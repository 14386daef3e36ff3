// Command gen writes the TypeScript copy of package paymenttypes' constants.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
)

func main() {
	out := flag.String("out", "", "the TypeScript file to write")
	flag.Parse()
	if *out == "" {
		log.Fatal("gen: -out is required")
	}
	if err := os.WriteFile(*out, []byte(paymenttypes.TypeScript()), 0o644); err != nil {
		log.Fatalf("gen: %v", err)
	}
}
