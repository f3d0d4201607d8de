/**
 * A document's paragraph with every address in it a link: an e-mail address as mailto:, a web
 * address (written with https://) as itself, shown without its scheme. The texts are the
 * translations and the configuration, never input.
 */
const addresses = /(https:\/\/\S*[^\s.,;:!?)]|[^\s@(),;:]+@[^\s@(),;:]+\.[a-z]{2,})/gi;

export function LinkedText({ text }: { text: string }) {
  // split() with a capturing group: the addresses at the odd places, the text between at the even.
  return text.split(addresses).map((part, index) => {
    if (index % 2 === 0) return part;
    const web = part.startsWith('https://');
    return (
      <a key={index} href={web ? part : `mailto:${part}`}>
        {web ? part.slice('https://'.length) : part}
      </a>
    );
  });
}
