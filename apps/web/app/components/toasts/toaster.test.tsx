import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, TOAST_EVENT } from './notify';
import { CONTAINER_TOAST_EVENT, isToastHotKey } from './toast-container';
import { Toaster, TOASTER_EVENT } from './toaster';

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
});
