import nx from '@nx/eslint-plugin';
import baseConfig from '../eslint.config.mjs';

// Every React app and library of the workspace lints the same way: Nx's React rules on top of the
// root config (module boundaries, test-only imports). A project that needs its own rules spreads
// this array into its eslint.config.mjs and adds a block.
export default [...nx.configs['flat/react'], ...baseConfig];
