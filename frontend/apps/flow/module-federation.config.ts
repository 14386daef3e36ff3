import { withSharedSingletons } from '../../module-federation.shared';

export default withSharedSingletons({
  name: 'flow',
  exposes: {
    './Routes': './src/remote-entry.ts',
  },
});
