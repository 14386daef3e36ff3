import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { waitFor } from '@testing-library/react';
import { resetReporting, setReporter, type Reporter } from './reporting';
import { rootErrorReporting } from './root-errors';

class Boundary extends Component<{ children: ReactNode; screen: string }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override render() {
    return this.state.error ? <p>broken</p> : this.props.children;
  }
}

function Thrower(): ReactNode {
  throw new Error('render failed');
}

describe('rootErrorReporting', () => {
  let errorLog: jest.SpyInstance;
  const reports: Array<[unknown, Record<string, unknown> | undefined]> = [];
  const reporter: Reporter = { captureException: (e, c) => reports.push([e, c]), captureMessage: () => undefined, setRoute: () => undefined };

  beforeEach(() => {
    errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reports.length = 0;
    setReporter(reporter);
  });
  afterEach(() => {
    resetReporting();
    errorLog.mockRestore();
  });

  it('reports an error a boundary caught once, with the screen the boundary names and the component stack', async () => {
    const container = document.createElement('div');
    const root = createRoot(container, rootErrorReporting());
    await act(async () =>
      root.render(
        <Boundary screen="flow/categories">
          <Thrower />
        </Boundary>,
      ),
    );
    expect(container.textContent).toBe('broken');
    expect(reports).toHaveLength(1);
    const [error, context] = reports[0];
    expect((error as Error).message).toBe('render failed');
    expect(context).toMatchObject({ react: 'caught', screen: 'flow/categories' });
    expect(context?.['componentStack']).toContain('Thrower');
    act(() => root.unmount());
  });

  it('reports an error nothing caught', async () => {
    const container = document.createElement('div');
    const root = createRoot(container, rootErrorReporting());
    // Inside act React would throw the error to the spec instead: rendered as in the browser.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      root.render(<Thrower />);
      await waitFor(() => expect(reports).toHaveLength(1));
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
    }
    expect(reports).toHaveLength(1);
    expect(reports[0][1]).toMatchObject({ react: 'uncaught' });
    expect(reports[0][1]?.['componentStack']).toContain('Thrower');
  });
});
