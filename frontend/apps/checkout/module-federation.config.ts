import { withSharedSingletons } from '../../module-federation.shared';

export default withSharedSingletons({
  name: 'checkout',
  exposes: {
    './Routes': './src/remote-entry.ts',
  },
});
