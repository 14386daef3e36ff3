// Package deploytest checks the deployment artefacts of the repository without a cluster or a
// Docker engine: the Dockerfile (parsed with BuildKit's parser), the Helm chart charts/hostcart
// (rendered with the Helm SDK, every object decoded strictly with client-go's scheme), the
// kustomize overlays under k8s/ (built with the kustomize API) and skaffold.yaml. The tests read
// the services' own sources to find which services exist and whom they call, so a new service or
// a new call that the deployment does not know about fails here.
package deploytest
