package pricing

import "testing"

func TestDomainDisplayPrice(t *testing.T) {
	tests := []struct {
		name    string
		net     int64
		vat     float64
		withVAT bool
		want    int64
	}{
		// 99 × 12 = 1188; × 1.19 = 1413.72 -> 1414
		{".de at Hostwerk", 99, 19, true, 1414},
		// 99 × 12 = 1188, net
		{".at at Alpenhost, net", 99, 20, false, 1188},
		// 83 × 12 = 996; × 1.20 = 1195.2 -> 1195
		{"gross at 20 %", 83, 20, true, 1195},
		{"free domain", 0, 19, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DomainDisplayPrice(tt.net, tt.vat, tt.withVAT); got != tt.want {
				t.Errorf("DomainDisplayPrice(%d, %v, %v) = %d, want %d", tt.net, tt.vat, tt.withVAT, got, tt.want)
			}
		})
	}
}

func TestDomainFirstInvoiceNet(t *testing.T) {
	// 99 × 12 = 1188
	if got := DomainFirstInvoiceNet(99); got != 1188 {
		t.Errorf("DomainFirstInvoiceNet(99) = %d, want 1188", got)
	}
}
