// The gateway writes every answer with protojson's UseProtoNames and EmitUnpopulated
// (gateway/apijson): proto field names, every field present, unset messages as null. protoc-gen-es
// generates the JSON types with JSON names (lowerCamelCase) and every field optional, so ApiJson
// turns them into the shape the gateway really sends.

/** lowerCamelCase back to lower_snake_case; api-json.spec.ts checks it undoes every field's JSON name. */
export type ProtoName<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ProtoName<Tail>}`
  : S;

/**
 * protojson writes non-finite doubles as strings; amounts and VAT rates are finite by construction
 * on the server, so the UI gets plain numbers.
 */
type NonFinite = 'NaN' | 'Infinity' | '-Infinity';

/** A message, a list element or a map value. */
type ApiValue<V> = V extends object ? ApiJson<V> : Exclude<V, NonFinite>;

/** A field: lists and maps are always there (possibly empty); a message field is null when unset. */
type ApiField<F> = F extends readonly (infer E)[]
  ? ApiValue<E>[]
  : F extends object
    ? string extends keyof F
      ? { [key: string]: ApiValue<F[string]> }
      : ApiJson<F> | null
    : ApiValue<F>;

/** The gateway's JSON of a message, from its generated XxxJson type. */
export type ApiJson<T> = {
  [K in keyof T as K extends string ? ProtoName<K> : never]-?: ApiField<Exclude<T[K], undefined>>;
};
