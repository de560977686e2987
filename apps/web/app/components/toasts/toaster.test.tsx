import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, prepareToasts, TOAST_EVENT, type ToastQueueWindow } from './notify';
import { CONTAINER_TOAST_EVENT, isToastHotKey, loadStylesheet } from './toast-container';
import { Toaster, TOASTER_EVENT } from './toaster';

afterEach(() => {
  delete (window as ToastQueueWindow).centroToasts;
  vi.doUnmock('./toast-container');
  vi.resetModules();
});

describe('Toaster', () => {
  it('mounts nothing until the first toast, then shows it in a labelled region', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: 'Notificações Alt+T' })).not.toBeInTheDocument();

    act(() => void notify('success', 'Dados atualizados com sucesso!'));

    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notificações Alt+T' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar notificação' })).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it('hears the same event that notify raises', () => {
    expect(TOASTER_EVENT).toBe(TOAST_EVENT);
    expect(CONTAINER_TOAST_EVENT).toBe(TOAST_EVENT);
  });

  it('moves to the notifications with Alt+T', () => {
    expect(isToastHotKey(new KeyboardEvent('keydown', { altKey: true, code: 'KeyT' }))).toBe(true);
    expect(isToastHotKey(new KeyboardEvent('keydown', { code: 'KeyT' }))).toBe(false);
  });

  it('prepareToasts loads the container ahead of time and shows nothing', async () => {
    render(<Toaster />);
    act(() => prepareToasts());
    expect(await screen.findByRole('region', { name: 'Notificações Alt+T' })).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('shows the message as plain text when the container cannot be downloaded', async () => {
    vi.doMock('./toast-container', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { Toaster: FreshToaster } = await import('./toaster');
    const fresh = await import('./notify');
    render(<FreshToaster />);

    let shown: Promise<unknown> = Promise.resolve();
    act(() => {
      shown = fresh.notify('warning', 'Erro ao carregar dados. Por favor tente novamente!');
    });

    const message = await screen.findByText('Erro ao carregar dados. Por favor tente novamente!');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    await expect(shown).resolves.toBeDefined();
    expect(warn).toHaveBeenCalledWith('The toast container could not be loaded', expect.anything());
    warn.mockRestore();
  });
});

describe('loadStylesheet', () => {
  it("adds react-toastify's stylesheet as a file of the site, and settles even if it fails", async () => {
    await loadStylesheet('/assets/ReactToastify-x.css');
    const link = document.head.querySelector('link[href="/assets/ReactToastify-x.css"]');
    expect(link).toHaveAttribute('rel', 'stylesheet');
    link?.remove();
  });

  it('settles at once without a stylesheet', async () => {
    await expect(loadStylesheet('')).resolves.toBeUndefined();
  });
});
