{{/* Name prefix of every object: the release name, or <release>-hostcart when it does not say hostcart. */}}
{{- define "hostcart.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "hostcart.commonLabels" -}}
app.kubernetes.io/part-of: hostcart
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Labels of a component's objects; argument: dict root name. */}}
{{- define "hostcart.labels" -}}
{{ include "hostcart.commonLabels" .root }}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/version: {{ .root.Values.image.tag | default .root.Chart.AppVersion | quote }}
{{- end -}}

{{- define "hostcart.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* A component's settings: defaults overlaid with its entry, as YAML (use with fromYaml). */}}
{{- define "hostcart.component" -}}
{{- $entry := index .root.Values.components .name | default dict -}}
{{- $c := mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $entry) -}}
{{- $_ := set $c "name" .name -}}
{{- if not (hasKey $c "enabled") }}{{ $_ := set $c "enabled" true }}{{ end -}}
{{- if not $c.kind }}{{ $_ := set $c "kind" "grpc" }}{{ end -}}
{{- if not $c.image }}{{ $_ := set $c "image" .name }}{{ end -}}
{{- if not $c.existingSecret }}{{ $_ := set $c "existingSecret" (printf "%s-%s" (include "hostcart.fullname" .root) .name) }}{{ end -}}
{{- toYaml $c -}}
{{- end -}}

{{/* Names of the enabled components, sorted, as a JSON list (use with fromJsonArray). */}}
{{- define "hostcart.enabledComponents" -}}
{{- $out := list -}}
{{- range $name, $_ := .Values.components -}}
{{- $c := include "hostcart.component" (dict "root" $ "name" $name) | fromYaml -}}
{{- if $c.enabled }}{{ $out = append $out $name }}{{ end -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* imageRef (skaffold sets it per artifact) wins over registry/image:tag. */}}
{{- define "hostcart.image" -}}
{{- if .c.imageRef -}}
{{- .c.imageRef -}}
{{- else -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .c.image (.root.Values.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{/* The environment variable of a component's listen address or peer address. */}}
{{- define "hostcart.envPrefix" -}}
{{- . | upper | replace "-" "_" -}}
{{- end -}}

{{/* Whether some enabled component needs PostgreSQL / Redis / NATS / the internet. */}}
{{- define "hostcart.anyNeeds" -}}
{{- $root := .root -}}{{- $what := .what -}}{{- $any := false -}}
{{- range $name := include "hostcart.enabledComponents" $root | fromJsonArray -}}
{{- $c := include "hostcart.component" (dict "root" $root "name" $name) | fromYaml -}}
{{- if index $c $what }}{{ $any = true }}{{ end -}}
{{- end -}}
{{- if $any }}true{{ end -}}
{{- end -}}

{{/* "true" when a component finds its peers through the Kubernetes API (it calls some and
     discovery.mode is kubernetes); argument: dict root c. */}}
{{- define "hostcart.k8sDiscovery" -}}
{{- if and .c.calls (eq .root.Values.discovery.mode "kubernetes") }}true{{ end -}}
{{- end -}}

{{/* "true" when discovery.mode is consul: every component resolves its peers through the Consul
     agent, and every gRPC service registers itself there (with the pod's IP) while it serves. */}}
{{- define "hostcart.consulDiscovery" -}}
{{- if eq .Values.discovery.mode "consul" }}true{{ end -}}
{{- end -}}
