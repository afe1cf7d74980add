import { notFound } from '@tanstack/react-router';
import { findGuide } from './guides';

/** The /helpcentre/$guide loader: the guide's content, or the unknown-page screen for a name we do not have. */
export async function loadGuide(name: string) {
  const meta = findGuide(name);
  if (!meta) throw notFound();
  const { default: content } = await meta.load();
  return { name: meta.name, title: meta.title, summary: meta.summary, topic: meta.topic, content };
}

export type LoadedGuide = Awaited<ReturnType<typeof loadGuide>>;
