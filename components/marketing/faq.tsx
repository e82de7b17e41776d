import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "@/components/ui/accordion";

const questions = [
  {
    q: "What is Groundwork?",
    a: "A notes app for people who write on more than one device. Your notes sync live, hold attachments, and any one of them can be shared through a public link.",
  },
  {
    q: "Does it really sync live?",
    a: "Yes. Every open window, on any device, receives each change within a moment. Notes carry a version, so two devices editing at once never silently overwrite each other.",
  },
  {
    q: "Who can see my notes?",
    a: "Only you. Every note is protected by row-level security in the database itself, not just by the app. A note becomes readable by others only when you publish its share link.",
  },
  {
    q: "How do attachments stay private?",
    a: "Files live in a private bucket that only you can read. When a shared note shows an attachment, visitors get a link that expires after a short time.",
  },
  {
    q: "Can I stop sharing a note?",
    a: "Any time. Turn sharing off and the public link stops working immediately; turn it on again to get a fresh link.",
  },
  {
    q: "Can I run Groundwork myself?",
    a: "Yes. It deploys against any hosted Supabase project, and for development it runs on a single machine with a bundled local backend — no Docker, no account needed.",
  },
];

export function Faq() {
  return (
    <Accordion type="single" collapsible className="w-full">
      {questions.map(({ q, a }) => (
        <AccordionItem key={q} value={q}>
          <AccordionTrigger className="text-base">{q}</AccordionTrigger>
          <AccordionContent className="leading-6 text-muted-foreground">{a}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
