import { MESSAGES, RESULT_MESSAGES, type FactTone, type Severity } from '@fineprint/contracts';
import type { ReactElement } from 'react';

const icon = (path: ReactElement) => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
    {path}
  </svg>
);

/** Severity as colour, icon and word together (never colour alone); the verdict, the cards and the evidence table share it. */
export const SEVERITIES: Record<Severity, { label: string; icon: ReactElement; badge: string; edge: string }> = {
  blocker: {
    label: MESSAGES.severityBlocker,
    icon: icon(
      <>
        <circle cx="8" cy="8" r="6.5" />
        <path d="M3.5 12.5l9-9" />
      </>,
    ),
    badge: 'bg-red-100 text-red-800',
    edge: 'border-red-500',
  },
  bad: {
    label: MESSAGES.severityBad,
    icon: icon(
      <>
        <path d="M8 1.8L15 14H1z" strokeLinejoin="round" />
        <path d="M8 6.5v3.5M8 12v.01" strokeLinecap="round" />
      </>,
    ),
    badge: 'bg-orange-100 text-orange-900',
    edge: 'border-orange-400',
  },
  neutral: {
    label: MESSAGES.severityNeutral,
    icon: icon(
      <>
        <circle cx="8" cy="8" r="6.5" />
        <path d="M8 7.5v4M8 4.8v.01" strokeLinecap="round" />
      </>,
    ),
    badge: 'bg-slate-100 text-slate-700',
    edge: 'border-slate-300',
  },
  good: {
    label: MESSAGES.severityGood,
    icon: icon(<path d="M2.5 8.5l3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />),
    badge: 'bg-emerald-100 text-emerald-800',
    edge: 'border-emerald-500',
  },
};

/** A recommendation is an action to take, neither good nor bad: its own mark. */
export const ACTION_LOOK = {
  label: RESULT_MESSAGES.recommendationAction,
  icon: icon(<path d="M2 8h11M9 4l4 4-4 4" strokeLinecap="round" strokeLinejoin="round" />),
  badge: 'bg-blue-100 text-blue-900',
  edge: 'border-blue-400',
};

export function SeverityBadge({ severity }: { severity: Severity | FactTone }) {
  const look = SEVERITIES[severity];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-xs font-semibold ${look.badge}`}>
      {look.icon}
      {look.label}
    </span>
  );
}

export function ActionBadge() {
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-xs font-semibold ${ACTION_LOOK.badge}`}>
      {ACTION_LOOK.icon}
      {ACTION_LOOK.label}
    </span>
  );
}

export const GRADE_COLOURS: Record<string, string> = {
  A: 'bg-emerald-600',
  B: 'bg-lime-700',
  C: 'bg-amber-600',
  D: 'bg-orange-700',
  E: 'bg-red-700',
};
