/** The support address, injected by the server into index.html from SUPPORT_EMAIL. */
export function supportEmail(): string {
  const value = document.querySelector('meta[name="support-email"]')?.getAttribute('content') ?? '';
  return /^\S+@\S+\.\S+$/.test(value) ? value : 'support@fineprint.example';
}
