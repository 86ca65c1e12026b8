// The offline page is shown in place of any page while the network is down: 重试 loads the
// page the visitor asked for again.
document.getElementById('retry').addEventListener('click', () => window.location.reload());
