import { number, object, string } from '@storefront/schema';
import { browserStorage, persistedValue } from './persisted-value';

const discount = object({ name: string(), rate: number() });

/** Storage as a private mode without it behaves: every call throws. */
const blocked = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
} as unknown as Storage;

beforeEach(() => window.localStorage.clear());

describe('a value the browser keeps', () => {
  it('keeps JSON checked by its schema, and removes it on null', () => {
    const kept = persistedValue(window.localStorage, 'affiliate_data', discount);
    expect(kept.read()).toBeNull();
    expect(kept.present()).toBe(false);
    kept.write({ name: 'Lab Partner', rate: 0.1 });
    expect(window.localStorage.getItem('affiliate_data')).toBe('{"name":"Lab Partner","rate":0.1}');
    expect(kept.read()).toEqual({ name: 'Lab Partner', rate: 0.1 });
    kept.write(null);
    expect(window.localStorage.getItem('affiliate_data')).toBeNull();
  });

  it('reads what is not JSON, or not of its schema, as nothing, though the key is there', () => {
    const kept = persistedValue(window.localStorage, 'affiliate_data', discount);
    window.localStorage.setItem('affiliate_data', '{not json');
    expect(kept.read()).toBeNull();
    expect(kept.present()).toBe(true);
    window.localStorage.setItem('affiliate_data', '{"name":"Lab Partner","rate":"ten"}');
    expect(kept.read()).toBeNull();
  });

  it('keeps text as it is without a schema', () => {
    const kept = persistedValue(window.localStorage, 'affiliate_code');
    kept.write('RESEARCH10');
    expect(window.localStorage.getItem('affiliate_code')).toBe('RESEARCH10');
    expect(kept.read()).toBe('RESEARCH10');
  });

  it('reads blocked storage as nothing kept, and writes to it without failing', () => {
    const kept = persistedValue(blocked, 'affiliate_data', discount);
    expect(kept.read()).toBeNull();
    expect(kept.present()).toBe(false);
    expect(() => kept.write({ name: 'Lab Partner', rate: 0.1 })).not.toThrow();
    expect(() => kept.write(null)).not.toThrow();
  });
});

describe('the browser’s storage', () => {
  it('is a storage that keeps nothing where the visitor blocks site data (reading it throws there)', () => {
    const localStorage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      const storage = browserStorage('localStorage');
      const saved = persistedValue(storage, 'discount', discount);
      saved.write({ name: 'ACME', rate: 0.1 });
      expect(saved.read()).toBeNull();
      expect(saved.present()).toBe(false);
    } finally {
      Object.defineProperty(window, 'localStorage', localStorage);
    }
    expect(browserStorage('localStorage')).toBe(window.localStorage);
    expect(browserStorage('sessionStorage')).toBe(window.sessionStorage);
  });
});
