import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { createToastStore, toastOffset } from './toast-store';
import { ToastViewport } from './toast-viewport';

describe('toasts (SPEC §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('inserts new toasts at the top, stacked 130 px apart from the bottom', () => {
    const store = createToastStore();
    renderWithProviders(<ToastViewport store={store} />);
    act(() => {
      store.show({ type: 'info', message: 'first' });
      store.show({ type: 'success', message: 'second' });
      store.show({ type: 'error', message: 'third' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts.map((t) => t.textContent)).toEqual([
      expect.stringContaining('third'),
      expect.stringContaining('second'),
      expect.stringContaining('first'),
    ]);
    expect(toasts.map((t) => t.style.bottom)).toEqual(['0px', '130px', '260px']);
    expect(toastOffset(3)).toBe(390);
  });

  it('disappears after 10 seconds by default, or after its own delay', () => {
    const store = createToastStore();
    renderWithProviders(<ToastViewport store={store} />);
    act(() => {
      store.show({ type: 'info', message: 'default delay' });
      store.show({ type: 'warning', message: 'short', delay: 7000 });
    });
    expect(store.getSnapshot().map((t) => t.delay)).toEqual([7000, 10000]);
    act(() => vi.advanceTimersByTime(6999));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('default delay')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('closes on its close cross', () => {
    const store = createToastStore();
    renderWithProviders(<ToastViewport store={store} />);
    act(() => {
      store.show({ type: 'success', message: 'saved' });
    });
    const toast = screen.getByTestId('toast');
    act(() => within(toast).getByRole('button', { name: 'Close the message' }).click());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('has four types, errors and warnings announced as alerts', () => {
    const store = createToastStore();
    renderWithProviders(<ToastViewport store={store} />);
    act(() => {
      for (const type of ['success', 'info', 'warning', 'error'] as const) {
        store.show({ type, message: type });
      }
    });
    expect(screen.getAllByTestId('toast').map((t) => t.dataset.type)).toEqual([
      'error',
      'warning',
      'info',
      'success',
    ]);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getByText('Warning')).toBeInTheDocument();
  });
});

describe('toast action', () => {
  it('runs the action and closes the toast', () => {
    const store = createToastStore();
    const run = vi.fn();
    renderWithProviders(<ToastViewport store={store} />);
    act(() => {
      store.show({ type: 'info', message: 'Theft reported: FR-1', action: { label: 'Open', run } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });
});
