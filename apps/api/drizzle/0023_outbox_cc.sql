-- E-mail copies (issue 12: a task's e-mail has CC addresses): kept on the outbox row and in the built-in mailbox.
ALTER TABLE "mailbox" ADD COLUMN "cc" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cc" text;