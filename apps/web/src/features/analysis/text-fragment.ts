/** Characters a text directive must escape beyond encodeURIComponent's: its own separators. */
const encodePart = (text: string) => encodeURIComponent(text).replace(/-/g, '%2D').replace(/,/g, '%2C').replace(/&/g, '%26');

/**
 * A link to the document that scrolls to (and highlights) the quote where the browser supports
 * URL text fragments (`#:~:text=`); plain link elsewhere. Long quotes use the start,end form
 * (first and last six words), which survives small differences inside the passage. Only for
 * http(s) documents: a visitor's own file has nowhere to link to.
 */
export function quoteLink(url: string, quote: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  const words = quote.replace(/[“”"]/g, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return url;
  const directive =
    words.length <= 12
      ? encodePart(words.join(' '))
      : `${encodePart(words.slice(0, 6).join(' '))},${encodePart(words.slice(-6).join(' '))}`;
  return `${url.split('#')[0]}#:~:text=${directive}`;
}
