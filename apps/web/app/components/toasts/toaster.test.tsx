import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';
import { isToastHotKey } from './toast-container';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('mounts nothing until the first toast, then shows it in a labelled region', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: 'Notificações Alt+T' })).not.toBeInTheDocument();

    await act(() => notify('success', 'Dados atualizados com sucesso!'));

    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notificações Alt+T' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar notificação' })).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it('moves to the notifications with Alt+T', () => {
    expect(isToastHotKey(new KeyboardEvent('keydown', { altKey: true, code: 'KeyT' }))).toBe(true);
    expect(isToastHotKey(new KeyboardEvent('keydown', { code: 'KeyT' }))).toBe(false);
  });
});
