import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@vfm/contract/constants';
import { renderWithProviders } from '../../testing/render';
import { LanguageMenu } from './language-menu';

const open = () => fireEvent.click(screen.getByRole('button', { name: /Language: FRANÇAIS/ }));

describe('LanguageMenu (SPEC §2)', () => {
  it('shows the current language and lists the languages alphabetically', () => {
    renderWithProviders(<LanguageMenu current="fr" languages={LANGUAGES} onChoose={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Language: FRANÇAIS/ })).toHaveTextContent(
      'FRANÇAIS',
    );
    open();
    const names = screen.getAllByRole('menuitemradio').map((item) => item.textContent);
    expect(names.join(', ')).toBe(
      'CZECH, DEUTSCH, ENGLISH, ESPAÑOL, FINNISH, FRANÇAIS, ITALIANO, NEDERLANDS, POLISH, PORTUGUESE, 中文',
    );
    expect(screen.getByRole('menuitemradio', { name: 'FRANÇAIS' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'FRANÇAIS' })).toHaveFocus();
  });

  it('works from the keyboard and reports the choice', () => {
    const onChoose = vi.fn();
    renderWithProviders(<LanguageMenu current="fr" languages={LANGUAGES} onChoose={onChoose} />);
    const trigger = screen.getByRole('button', { name: /Language/ });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(screen.getByRole('menuitemradio', { name: 'ITALIANO' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(screen.getByRole('menuitemradio', { name: 'CZECH' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'e' });
    expect(screen.getByRole('menuitemradio', { name: 'ENGLISH' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('en');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape and on a click outside', () => {
    renderWithProviders(
      <div>
        <p>outside</p>
        <LanguageMenu current="fr" languages={LANGUAGES} onChoose={vi.fn()} />
      </div>,
    );
    open();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    open();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
