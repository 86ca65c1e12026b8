/** Fills the bullet-secret template: `${user.mobile}`, `${mobile}` and `${user.id}`, every occurrence. */
export function watermarkText(template: string, user: { id: number; mobile: string } | null): string {
  return (template || '')
    .split('${user.mobile}')
    .join(user?.mobile ?? '')
    .split('${mobile}')
    .join(user?.mobile ?? '')
    .split('${user.id}')
    .join(user ? String(user.id) : '');
}
