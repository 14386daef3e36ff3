package k8sresolver

import (
	"context"
	"fmt"

	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
)

// Client is what the resolver needs of the Kubernetes API: listing and watching EndpointSlices.
// A kubernetes.Interface (the fake clientset too) fits in two lines:
//
//	func (c adapter) ListEndpointSlices(ctx context.Context, ns string, o metav1.ListOptions) (*discoveryv1.EndpointSliceList, error) {
//		return c.DiscoveryV1().EndpointSlices(ns).List(ctx, o)
//	}
//
// and the same for Watch. The package does not take a kubernetes.Interface itself: client-go's
// full clientset and scheme would add some 40 MB to every binary importing it.
type Client interface {
	ListEndpointSlices(ctx context.Context, namespace string, opts metav1.ListOptions) (*discoveryv1.EndpointSliceList, error)
	WatchEndpointSlices(ctx context.Context, namespace string, opts metav1.ListOptions) (watch.Interface, error)
}

// NewRESTClient returns a Client for the API server of cfg (e.g. rest.InClusterConfig()) that
// knows only discovery.k8s.io/v1.
func NewRESTClient(cfg *rest.Config) (Client, error) {
	scheme := runtime.NewScheme()
	if err := discoveryv1.AddToScheme(scheme); err != nil {
		return nil, fmt.Errorf("k8sresolver: %w", err)
	}
	c := rest.CopyConfig(cfg)
	c.GroupVersion = &discoveryv1.SchemeGroupVersion
	c.APIPath = "/apis"
	c.NegotiatedSerializer = serializer.NewCodecFactory(scheme).WithoutConversion()
	if c.UserAgent == "" {
		c.UserAgent = rest.DefaultKubernetesUserAgent()
	}
	rc, err := rest.RESTClientFor(c)
	if err != nil {
		return nil, fmt.Errorf("k8sresolver: %w", err)
	}
	return &restClient{rc: rc, params: runtime.NewParameterCodec(scheme)}, nil
}

type restClient struct {
	rc     *rest.RESTClient
	params runtime.ParameterCodec
}

func (c *restClient) ListEndpointSlices(ctx context.Context, ns string, opts metav1.ListOptions) (*discoveryv1.EndpointSliceList, error) {
	out := &discoveryv1.EndpointSliceList{}
	err := c.rc.Get().Namespace(ns).Resource("endpointslices").VersionedParams(&opts, c.params).Do(ctx).Into(out)
	return out, err
}

func (c *restClient) WatchEndpointSlices(ctx context.Context, ns string, opts metav1.ListOptions) (watch.Interface, error) {
	opts.Watch = true
	return c.rc.Get().Namespace(ns).Resource("endpointslices").VersionedParams(&opts, c.params).Watch(ctx)
}
