import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chunk, lazyPart } from './lazy-part';

function Part({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A Suspense fallback that notes each time it is drawn. */
function fallbackSeen() {
  const seen: string[] = [];
  function Fallback() {
    seen.push('fallback');
    return <p>Loading</p>;
  }
  return { seen, fallback: <Fallback /> };
}

describe('lazyPart', () => {
  it('draws a part whose chunk is already here at once: no fallback, which would hold it back 300 ms', async () => {
    const load = chunk(() => Promise.resolve({ Part }));
    await load();
    const Lazy = lazyPart(load, (m) => m.Part);
    const { seen, fallback } = fallbackSeen();
    act(() => {
      render(
        <Suspense fallback={fallback}>
          <Lazy name="Ann" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Hello Ann')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('fetches a part that is not here yet when it is first drawn, behind the fallback', async () => {
    const importer = vi.fn(() => Promise.resolve({ Part }));
    const load = chunk(importer);
    const Lazy = lazyPart(load, (m) => m.Part);
    const { seen, fallback } = fallbackSeen();
    render(
      <Suspense fallback={fallback}>
        <Lazy name="Bo" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Bo')).toBeInTheDocument();
    expect(seen.length).toBeGreaterThan(0);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(load.module).toEqual({ Part });
  });

  it('imports a chunk once, and again after a failure', async () => {
    const importer = vi
      .fn<() => Promise<{ Part: typeof Part }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Part });
    const load = chunk(importer);
    await expect(load()).rejects.toThrow('offline');
    expect(load.module).toBeUndefined();
    await Promise.all([load(), load()]);
    expect(importer).toHaveBeenCalledTimes(2);
    expect(load.module).toEqual({ Part });
  });
});
