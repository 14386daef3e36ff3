import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, screen } from '@testing-library/react';
import { ClockContext, fixedClock, systemClock, useClock } from './clock';

/** Every .ts/.tsx source of the frontend's apps and libraries, specs and test helpers excluded. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'gen') continue;
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !/\.spec\.tsx?$|test-utils|\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

describe('clock', () => {
  it('a fixed clock stands still and hands out copies', () => {
    const clock = fixedClock(new Date(2026, 10, 25, 12));
    const a = clock.now();
    a.setFullYear(2000);
    expect(clock.now().getFullYear()).toBe(2026);
  });

  it('components read the provided clock, the system clock without one', () => {
    const Year = () => <span>{useClock().now().getFullYear()}</span>;
    render(
      <ClockContext.Provider value={fixedClock(new Date(2031, 0, 1))}>
        <Year />
      </ClockContext.Provider>,
    );
    expect(screen.getByText('2031')).toBeTruthy();
    expect(systemClock.now()).toBeInstanceOf(Date);
  });

  // Two sources of "today" in one form made a spec fail the day after it was written (issue 25):
  // screens, widgets and rules take the date from the clock, never from the wall clock directly.
  it('no screen, widget or rule reads the wall clock but the system clock', () => {
    const root = join(__dirname, '../../../../..');
    const all = [...sources(join(root, 'libs')), ...sources(join(root, 'apps'))];
    expect(all.length).toBeGreaterThan(100);
    const offenders = all
      .filter((file) => !file.endsWith(join('shared', 'ui', 'src', 'lib', 'clock.tsx')) && !file.includes(`${join('shared', 'testing')}`))
      .filter((file) => /new Date\(\)|Date\.now\(\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
