export { default } from '../../../eslint.react.mjs';
