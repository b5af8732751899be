-- A field notebook no longer goes with its bulletin item by a cascade: removing an item that has one fails
-- (23503), so the notebook is removed first, on its own and audited (decision 0078).
ALTER TABLE "caderno" DROP CONSTRAINT "caderno_boletim_item_id_boletim_itens_id_fk";
--> statement-breakpoint
ALTER TABLE "caderno" ADD CONSTRAINT "caderno_boletim_item_id_boletim_itens_id_fk" FOREIGN KEY ("boletim_item_id") REFERENCES "public"."boletim_itens"("id") ON DELETE no action ON UPDATE no action;