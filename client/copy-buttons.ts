// A copy button on every code block, added in the browser (it is useless
// without JavaScript, so the pages do not carry it).
const RESET_MS = 2000;

async function copy(block: Element, button: HTMLButtonElement): Promise<void> {
  const text = block.querySelector('pre')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(text.replace(/\n$/, ''));
    button.textContent = 'Copied';
  } catch (e) {
    console.warn(`pkidocs: the code could not be copied (${String(e)}).`);
    button.textContent = 'Copy failed';
  }
  setTimeout(() => (button.textContent = 'Copy'), RESET_MS);
}

export function addCopyButtons(root: ParentNode): void {
  root.querySelectorAll('.code-block').forEach((block) => {
    if (block.querySelector(':scope > .code-copy')) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code to clipboard');
    button.addEventListener('click', () => void copy(block, button));
    block.append(button);
  });
}
