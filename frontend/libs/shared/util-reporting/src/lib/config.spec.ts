import { FLASH_SEEN_KEY, fetchRuntimeConfig, flashToShow, type RuntimeConfig } from './config';

const config = (flash: RuntimeConfig['flash_message']): RuntimeConfig => ({ env: 'local', release: '', error_reporting_dsn: '', sample_rate: 1, flash_message: flash });

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('runtime configuration', () => {
  it('shows a flash message once per browser session, and a changed one again', () => {
    const storage = memoryStorage();
    const maintenance = config({ type: 'warning', content: 'Maintenance tonight' });
    expect(flashToShow(maintenance, storage)).toEqual({ type: 'warning', content: 'Maintenance tonight' });
    expect(flashToShow(maintenance, storage)).toBeNull();
    expect(storage.data.get(FLASH_SEEN_KEY)).toBe('warning:Maintenance tonight');
    expect(flashToShow(config({ type: 'info', content: 'Done' }), storage)).toEqual({ type: 'info', content: 'Done' });
    expect(flashToShow(config(null), storage)).toBeNull();
    expect(flashToShow(null, storage)).toBeNull();
  });

  it('reads /api/v2/config and answers null when the gateway cannot be asked', async () => {
    const answer = config(null);
    const ok = jest.fn(async () => ({ ok: true, json: async () => answer }) as unknown as Response);
    await expect(fetchRuntimeConfig(ok)).resolves.toEqual(answer);
    expect(ok).toHaveBeenCalledWith('/api/v2/config', expect.objectContaining({ credentials: 'include' }));
    await expect(fetchRuntimeConfig(async () => ({ ok: false }) as Response)).resolves.toBeNull();
    await expect(fetchRuntimeConfig(async () => Promise.reject(new Error('offline')))).resolves.toBeNull();
  });
});
