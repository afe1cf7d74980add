// The printable invoice's Print button (a file of its own: the portal's CSP allows no inline script).
document.getElementById('print')?.addEventListener('click', () => window.print());
