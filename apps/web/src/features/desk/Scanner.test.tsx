import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n';
import { Scanner } from './Scanner';

beforeAll(async () => {
  await initI18n('en', ['desk']);
});

const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
afterEach(() => {
  if (secure) Object.defineProperty(window, 'isSecureContext', secure);
});

function setSecureContext(value: boolean): void {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, get: () => value });
}

describe("the desk's QR reader", () => {
  it('on a plain http address says the camera needs https and offers a photo of the QR code instead', async () => {
    setSecureContext(false);
    render(
      <Suspense>
        <Scanner onCode={() => undefined} />
      </Suspense>,
    );
    expect((await screen.findByTestId('desk-camera-needs-https')).textContent).toContain('secure address (https)');
    expect(screen.queryByTestId('desk-camera-toggle')).toBeNull();
    expect(screen.getByRole('button', { name: 'Photo of the QR code' })).toBeTruthy();
    expect(screen.getByTestId('desk-photo-input').getAttribute('accept')).toBe('image/*');
  });
});
