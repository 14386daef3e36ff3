package k8sresolver_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/resolver"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"

	"github.com/hostcart/checkout/libs/go/discovery-ext/internal/resolvertest"
	"github.com/hostcart/checkout/libs/go/discovery-ext/k8sresolver"
)

// The in-cluster path: NewRESTClient against a fake API server answering the list and streaming
// watch events (it refuses the streaming list, WatchList, as an older API server does, and the
// informer falls back to list and watch).
func TestRESTClientListsAndWatches(t *testing.T) {
	events := make(chan *discoveryv1.EndpointSlice)
	var mu sync.Mutex
	var selectors []string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/apis/discovery.k8s.io/v1/namespaces/shop/endpointslices" {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		mu.Lock()
		selectors = append(selectors, q.Get("labelSelector"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case q.Get("watch") != "true":
			s := slice("shop", "catalog-abc", "catalog", 9101, ep{ip: "10.0.0.1", ready: "true"})
			s.ResourceVersion = "1"
			_ = json.NewEncoder(w).Encode(&discoveryv1.EndpointSliceList{
				TypeMeta: metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1", Kind: "EndpointSliceList"},
				ListMeta: metav1.ListMeta{ResourceVersion: "1"},
				Items:    []discoveryv1.EndpointSlice{*s},
			})
		case q.Get("sendInitialEvents") == "true":
			http.Error(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"BadRequest","code":400}`, http.StatusBadRequest)
		default:
			w.(http.Flusher).Flush()
			for {
				select {
				case s := <-events:
					s.TypeMeta = metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1", Kind: "EndpointSlice"}
					_ = json.NewEncoder(w).Encode(map[string]any{"type": "MODIFIED", "object": s})
					w.(http.Flusher).Flush()
				case <-r.Context().Done():
					return
				}
			}
		}
	}))
	defer api.Close()

	client, err := k8sresolver.NewRESTClient(&rest.Config{Host: api.URL})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse("kubernetes:///catalog.shop:grpc")
	cc := resolvertest.NewClientConn()
	r, err := k8sresolver.NewBuilder(client).Build(resolver.Target{URL: *u}, cc, resolver.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cc.WaitFor(t, "10.0.0.1:9101")
	s := slice("shop", "catalog-abc", "catalog", 9101, ep{ip: "10.0.0.2", ready: "true"})
	s.ResourceVersion = "2"
	select {
	case events <- s:
	case <-time.After(5 * time.Second):
		t.Fatal("the informer never watched")
	}
	cc.WaitFor(t, "10.0.0.2:9101")
	mu.Lock()
	defer mu.Unlock()
	for _, sel := range selectors {
		if sel != "kubernetes.io/service-name=catalog" {
			t.Errorf("request with labelSelector %q", sel)
		}
	}
}
