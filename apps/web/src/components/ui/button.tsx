import type { ComponentProps } from 'react';

/** The house button: dark primary, or outline. */
export function Button({ variant = 'primary', className = '', ...props }: ComponentProps<'button'> & { variant?: 'primary' | 'outline' }) {
  const look =
    variant === 'primary'
      ? 'bg-slate-900 text-white hover:bg-slate-700 disabled:bg-slate-400'
      : 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100';
  return (
    <button
      className={`inline-flex items-center justify-center min-h-11 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed ${look} ${className}`}
      {...props}
    />
  );
}
