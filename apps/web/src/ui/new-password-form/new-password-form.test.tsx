import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { NewPasswordForm } from './new-password-form';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Save the password' });
const ruleStates = () =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLElement>('[data-rule]')].map((li) => [
      li.dataset.rule,
      li.dataset.ok === 'true',
    ]),
  );

describe('NewPasswordForm (SPEC §5)', () => {
  it('shows the five rules turning ok as they are met', () => {
    renderWithProviders(<NewPasswordForm onSubmit={vi.fn()} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lower case (not met)',
      'Capital (not met)',
      'Number (not met)',
      'Special character (not met)',
      'Between 8 and 30 characters (not met)',
    ]);
    type('New password', 'a');
    expect(ruleStates()).toEqual({
      lowercase: true,
      uppercase: false,
      digit: false,
      special: false,
      length: false,
    });
    type('New password', 'aB3!');
    expect(ruleStates()).toEqual({
      lowercase: true,
      uppercase: true,
      digit: true,
      special: true,
      length: false,
    });
    type('New password', 'aB3!efgh');
    expect(Object.values(ruleStates()).every(Boolean)).toBe(true);
    type('New password', 'aB3!' + 'x'.repeat(27));
    expect(ruleStates().length).toBe(false);
  });

  it('says whether the passwords match', () => {
    renderWithProviders(<NewPasswordForm onSubmit={vi.fn()} />);
    expect(screen.queryByTestId('password-match')).not.toBeInTheDocument();
    type('New password', 'VfmDemo!2026');
    type('Confirm the new password', 'VfmDemo!202');
    expect(screen.getByTestId('password-match')).toHaveTextContent('Passwords do not match');
    type('Confirm the new password', 'VfmDemo!2026');
    expect(screen.getByTestId('password-match')).toHaveTextContent('The passwords match');
  });

  it('enables submit only when valid and modified, then emits and resets', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<NewPasswordForm onSubmit={onSubmit} />);
    expect(submit()).toBeDisabled();
    type('New password', 'VfmDemo!2026');
    expect(submit()).toBeDisabled();
    type('Confirm the new password', 'VfmDemo!2027');
    expect(submit()).toBeDisabled();
    type('Confirm the new password', 'VfmDemo!2026');
    expect(submit()).toBeEnabled();
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ currentPassword: '', newPassword: 'VfmDemo!2026' });
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm the new password')).toHaveValue('');
    expect(submit()).toBeDisabled();
  });

  it('requires the current password when asked to and emits it', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<NewPasswordForm onSubmit={onSubmit} requireCurrentPassword />);
    type('New password', 'VfmDemo!2027');
    type('Confirm the new password', 'VfmDemo!2027');
    expect(submit()).toBeDisabled();
    type('Current password', 'VfmDemo!2026');
    expect(submit()).toBeEnabled();
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({
      currentPassword: 'VfmDemo!2026',
      newPassword: 'VfmDemo!2027',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('stays disabled while loading', () => {
    renderWithProviders(<NewPasswordForm onSubmit={vi.fn()} loading />);
    type('New password', 'VfmDemo!2026');
    type('Confirm the new password', 'VfmDemo!2026');
    expect(submit()).toBeDisabled();
  });

  it('names characters that are not allowed', () => {
    renderWithProviders(<NewPasswordForm onSubmit={vi.fn()} />);
    type('New password', 'VfmDemo 2026!');
    expect(
      screen.getByText(/Use only letters, digits and the special characters/),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('shows the required error once a typed field is emptied, not on a mere blur', () => {
    renderWithProviders(<NewPasswordForm onSubmit={vi.fn()} />);
    fireEvent.blur(screen.getByLabelText('New password'));
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    type('New password', 'a');
    fireEvent.blur(screen.getByLabelText('New password'));
    type('New password', '');
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });
});
