package domain

import "testing"

func BenchmarkNormalizeSearch(b *testing.B) {
	set := testSet()
	for _, in := range []struct{ name, input string }{
		{"ascii", "example.de"},
		{"www_subdomains", "WWW.shop.blog.example.co.uk."},
		{"umlauts", "Müller-Bäckerei.de"},
		{"sld_only", "meinladen"},
		{"invalid", "my shop@home.de"},
	} {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = NormalizeSearch(in.input, set)
			}
		})
	}
}

func BenchmarkValidateInput(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = ValidateInput("WWW.Müller-Bäckerei.de")
	}
}
