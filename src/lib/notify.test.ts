import { describe, expect, it } from 'vitest';
import { notify, registerNotifier, type Notice } from './notify';

describe('notify', () => {
  it('reaches the registered UI, and nothing once it is gone', () => {
    const seen: Notice[] = [];
    notify({ type: 'info', titleKey: 'Before' });
    const unregister = registerNotifier((notice) => seen.push(notice));
    notify({ type: 'success', titleKey: 'WritesSent', values: { count: 2 } });
    unregister();
    notify({ type: 'error', titleKey: 'After' });
    expect(seen).toEqual([{ type: 'success', titleKey: 'WritesSent', values: { count: 2 } }]);
  });
});
