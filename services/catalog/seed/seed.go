// Package seed holds the catalog's seed data (the JSON and CSV files next to this one) and reads
// them into a validated Catalog. README.md documents the format and every brand property.
package seed

import (
	"embed"
	"io/fs"
)

// Files are the seed data files shipped with the service.
//
//go:embed *.json *.csv brands/*.json
var Files embed.FS

// Default parses and checks the shipped seed files.
func Default() (*Catalog, error) { return Load(Files) }

var _ fs.FS = Files
