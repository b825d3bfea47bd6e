// A strict XML reader for tests that parse files back (the track export, docs/manager-tools.md): saxes
// (the XML parser jsdom uses) builds a small element tree; a malformed file throws.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** the local name, without prefix */
  name: string;
  /** the prefixed name as written */
  qualifiedName: string;
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(source: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.local,
      qualifiedName: tag.name,
      uri: tag.uri,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(source).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element below `element` with this local name (and namespace, if given), in order. */
export function all(element: XmlElement, name: string, uri?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (child.name === name && (uri === undefined || child.uri === uri)) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** The first element along a path of local names, e.g. first(gpx, 'metadata', 'name'). */
export function first(element: XmlElement, ...path: string[]): XmlElement {
  let node = element;
  for (const name of path) {
    const next = node.children.find((child) => child.name === name);
    if (!next) throw new Error(`no ${name} under ${node.name}`);
    node = next;
  }
  return node;
}
