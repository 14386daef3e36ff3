import base from '../../../eslint.react.mjs';

// src/gen is written by `make proto` (protoc-gen-es); it is checked by the drift test, not linted.
export default [...base, { ignores: ['src/gen/**'] }];
