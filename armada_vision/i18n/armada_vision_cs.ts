<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ">
  <context>
    <name>App</name>
    <message>
      <source>Preparing the rules engine (first run after an install only)...</source>
      <translation>Připravuje se výpočet pravidel (jen při prvním spuštění po instalaci)...</translation>
    </message>
  </context>
  <context>
    <name>Demo</name>
    <message>
      <source>Rendering the sample game (first run only)...</source>
      <translation>Vykresluje se ukázková hra (jen při prvním spuštění)...</translation>
    </message>
    <message>
      <source>sample game</source>
      <translation>ukázková hra</translation>
    </message>
  </context>
  <context>
    <name>DemoScript</name>
    <message>
      <source>Deployment: the Empire (near edge) faces the Rebels across six obstacles.</source>
      <translation>Rozestavení: Impérium (u bližšího okraje) stojí proti Rebelům přes šest překážek.</translation>
    </message>
    <message>
      <source>Victory II: speed 2, straight ahead.</source>
      <translation>Victory II: rychlost 2, rovně vpřed.</translation>
    </message>
    <message>
      <source>Nebulon-B: speed 2, one click to port on the second joint.</source>
      <translation>Nebulon-B: rychlost 2, na druhém kloubu jedno cvaknutí na levobok.</translation>
    </message>
    <message>
      <source>Squadrons close in: the TIE fighters engage the X-wings.</source>
      <translation>Letky se sbližují: stíhačky TIE vážou X-wingy do boje.</translation>
    </message>
    <message>
      <source>Imperial II: speed 1, straight ahead.</source>
      <translation>Imperial II: rychlost 1, rovně vpřed.</translation>
    </message>
    <message>
      <source>CR90: speed 3, straight ahead.</source>
      <translation>CR90: rychlost 3, rovně vpřed.</translation>
    </message>
    <message>
      <source>Imperial II front at the CR90: the line of sight crosses an asteroid field - obstructed.</source>
      <translation>Imperial II přídí na CR90: linie střelby prochází polem asteroidů - zakrytá.</translation>
    </message>
    <message>
      <source>Gladiator front at the Assault Frigate: the Raider is in the way - obstructed.</source>
      <translation>Gladiator přídí na útočnou fregatu: v cestě je Raider - zakrytá.</translation>
    </message>
    <message>
      <source>Victory II front at the Nebulon-B's rear: the line crosses its front hull zone - no line of sight.</source>
      <translation>Victory II přídí na záď Nebulonu-B: linie protíná jeho přední trupovou zónu - bez linie střelby.</translation>
    </message>
    <message>
      <source>Raider: speed 3 would end on the Assault Frigate, so it stops at speed 2; both ships take a facedown damage card.</source>
      <translation>Raider: rychlostí 3 by skončil na útočné fregatě, zastaví se proto na rychlosti 2; obě lodě dostanou kartu poškození lícem dolů.</translation>
    </message>
    <message>
      <source>End of the sample round.</source>
      <translation>Konec ukázkového kola.</translation>
    </message>
  </context>
  <context>
    <name>Dialogs</name>
    <message>
      <source>Player 1</source>
      <translation>Hráč 1</translation>
    </message>
    <message>
      <source>Player 2</source>
      <translation>Hráč 2</translation>
    </message>
    <message>
      <source>Class</source>
      <translation>Třída</translation>
    </message>
    <message>
      <source>Player</source>
      <translation>Hráč</translation>
    </message>
    <message>
      <source>Import fleet list</source>
      <translation>Importovat seznam flotily</translation>
    </message>
    <message>
      <source>Recognised: ships {ships}, squadrons {squadrons}.</source>
      <translation>Rozpoznáno lodí: {ships}, letek: {squadrons}.</translation>
    </message>
    <message>
      <source>Assign piece {piece}</source>
      <translation>Přiřadit figurku {piece}</translation>
    </message>
    <message>
      <source>Not in the catalog: {lines}</source>
      <translation>Není v katalogu: {lines}</translation>
    </message>
  </context>
  <context>
    <name>EmptyTable</name>
    <message>
      <source>Learned the empty table from {frames} frames.</source>
      <translation>Prázdný stůl naučen z {frames} snímků.</translation>
    </message>
    <message>
      <source>Learned the empty table from {frames} frames, but {obstacles} shapes like obstacle tokens were seen: if tokens lay on the table, take them off and learn again.</source>
      <translation>Prázdný stůl naučen z {frames} snímků, ale bylo vidět {obstacles} tvarů podobných žetonům překážek: pokud na stole ležely žetony, odeberte je a učte znovu.</translation>
    </message>
    <message>
      <source>Not learned: no picture came from the camera.</source>
      <translation>Nenaučeno: z kamery nepřišel žádný snímek.</translation>
    </message>
    <message>
      <source>Not learned: the table is not calibrated (the table markers are not found).</source>
      <translation>Nenaučeno: stůl není zkalibrovaný (značky stolu nenalezeny).</translation>
    </message>
    <message>
      <source>Not learned: piece detection is off in this window.</source>
      <translation>Nenaučeno: rozpoznávání figurek je v tomto okně vypnuté.</translation>
    </message>
    <message>
      <source>Not learned: only {seen} of the {total} table markers are in view. Is a hand or a piece over them?</source>
      <translation>Nenaučeno: vidět je jen {seen} z {total} značek stolu. Není přes ně ruka nebo figurka?</translation>
    </message>
    <message>
      <source>Not learned: the table was not still ({percent:.1f} % of it changed while learning). Keep hands off the table and try again.</source>
      <translation>Nenaučeno: stůl nebyl v klidu (během učení se změnilo {percent:.1f} % plochy). Nesahejte na stůl a zkuste to znovu.</translation>
    </message>
    <message>
      <source>Not learned: the table is not empty (seen: ship bases {ships}, squadrons {squadrons}, hands {hands}; one at x {x_mm:.0f} mm, y {y_mm:.0f} mm). Clear the table and try again, or learn it anyway if it is empty.</source>
      <translation>Nenaučeno: stůl není prázdný (vidět: podstavce lodí {ships}, letky {squadrons}, ruce {hands}; jeden na x {x_mm:.0f} mm, y {y_mm:.0f} mm). Vykliďte stůl a zkuste to znovu, nebo ho přesto naučte, pokud je prázdný.</translation>
    </message>
    <message>
      <source>Not learned: the frames are {w}x{h} px, the calibration is for {cw}x{ch} px.</source>
      <translation>Nenaučeno: snímky mají {w}x{h} px, kalibrace je pro {cw}x{ch} px.</translation>
    </message>
    <message>
      <source>Saved for the next game: {path}</source>
      <translation>Uloženo pro příští hru: {path}</translation>
    </message>
    <message>
      <source>Used for this game, not saved: {reason}</source>
      <translation>Použito pro tuto hru, neuloženo: {reason}</translation>
    </message>
    <message>
      <source>The saved empty table {path} is ignored: it was learned at {w}x{h} px, the camera gives {fw}x{fh} px.</source>
      <translation>Uložený prázdný stůl {path} se nepoužije: byl naučen při {w}x{h} px, kamera dává {fw}x{fh} px.</translation>
    </message>
    <message>
      <source>The saved empty table {path} is ignored: {file} changed since it was learned (calibrated again?).</source>
      <translation>Uložený prázdný stůl {path} se nepoužije: {file} se od té doby změnil (nová kalibrace?).</translation>
    </message>
    <message>
      <source>The saved empty table {path} is ignored: {reason}.</source>
      <translation>Uložený prázdný stůl {path} se nepoužije: {reason}.</translation>
    </message>
    <message>
      <source>The empty table is not used: the camera's picture is {shift:.1f} px off it (the camera moved since it was learned?). Clear the table and learn it again.</source>
      <translation>Prázdný stůl se nepoužije: obraz kamery je proti němu posunutý o {shift:.1f} px (pohnula se kamera od naučení?). Vykliďte stůl a naučte ho znovu.</translation>
    </message>
    <message>
      <source>The empty table is not used: it does not match the camera's picture (the camera moved or looks elsewhere?). Clear the table and learn it again.</source>
      <translation>Prázdný stůl se nepoužije: neodpovídá obrazu kamery (pohnula se kamera, nebo míří jinam?). Vykliďte stůl a naučte ho znovu.</translation>
    </message>
  </context>
  <context>
    <name>GamePanel</name>
    <message>
      <source> - the score decides the winner (RRG p.22)</source>
      <translation> - o vítězi rozhodne skóre (RRG s. 22)</translation>
    </message>
    <message>
      <source>Player {p} activates a squadron: click it, then Activate; the second one follows once it is done.</source>
      <translation>Hráč {p} aktivuje letku: klepněte na ni a pak na Aktivovat; druhá následuje, až bude tato hotová.</translation>
    </message>
    <message>
      <source>{ship}'s squadron command may still activate {n} squadron(s): click one, then Activate.</source>
      <translation>Příkaz letka lodi {ship} může ještě aktivovat letky: {n}; klepněte na jednu a pak na Aktivovat.</translation>
    </message>
    <message>
      <source>Game</source>
      <translation>Hra</translation>
    </message>
    <message>
      <source>Start game</source>
      <translation>Začít hru</translation>
    </message>
    <message>
      <source>Next phase</source>
      <translation>Další fáze</translation>
    </message>
    <message>
      <source>Pass</source>
      <translation>Pasovat</translation>
    </message>
    <message>
      <source>The player to act spends a pass token instead of activating a ship (Ship Phase, RRG p.18)</source>
      <translation>Hráč na tahu použije žeton pasu místo aktivace lodi (fáze lodí, RRG s. 18)</translation>
    </message>
    <message>
      <source>none</source>
      <translation>žádný</translation>
    </message>
    <message>
      <source>Assign dials...</source>
      <translation>Nastavit příkazové číselníky...</translation>
    </message>
    <message>
      <source>Activate</source>
      <translation>Aktivovat</translation>
    </message>
    <message>
      <source>End activation</source>
      <translation>Ukončit aktivaci</translation>
    </message>
    <message>
      <source>Declare attack</source>
      <translation>Vyhlásit útok</translation>
    </message>
    <message>
      <source>End attack</source>
      <translation>Ukončit útok</translation>
    </message>
    <message>
      <source>destroyed</source>
      <translation>zničena</translation>
    </message>
    <message>
      <source>Setup</source>
      <translation>Příprava</translation>
    </message>
    <message>
      <source>Command Phase</source>
      <translation>Fáze příkazů</translation>
    </message>
    <message>
      <source>Ship Phase</source>
      <translation>Fáze lodí</translation>
    </message>
    <message>
      <source>Squadron Phase</source>
      <translation>Fáze letek</translation>
    </message>
    <message>
      <source>Status Phase</source>
      <translation>Stavová fáze</translation>
    </message>
    <message>
      <source>Game over</source>
      <translation>Konec hry</translation>
    </message>
    <message>
      <source> - player {p} wins: the other fleet has no ships left (RRG p.22)</source>
      <translation> - vyhrává hráč {p}: druhé flotile nezbyla žádná loď (RRG s. 22)</translation>
    </message>
    <message>
      <source>navigate</source>
      <translation>navigace</translation>
    </message>
    <message>
      <source>squadron</source>
      <translation>letka</translation>
    </message>
    <message>
      <source>repair</source>
      <translation>oprava</translation>
    </message>
    <message>
      <source>concentrate fire</source>
      <translation>soustředěná palba</translation>
    </message>
    <message>
      <source>brace</source>
      <translation>zpevnění</translation>
    </message>
    <message>
      <source>redirect</source>
      <translation>přesměrování</translation>
    </message>
    <message>
      <source>evade</source>
      <translation>úhyb</translation>
    </message>
    <message>
      <source>scatter</source>
      <translation>rozptýlení</translation>
    </message>
    <message>
      <source>contain</source>
      <translation>zadržení</translation>
    </message>
    <message>
      <source>salvo</source>
      <translation>salva</translation>
    </message>
    <message>
      <source>readied</source>
      <translation>připravený</translation>
    </message>
    <message>
      <source>exhausted</source>
      <translation>vyčerpaný</translation>
    </message>
    <message>
      <source>discarded</source>
      <translation>odhozený</translation>
    </message>
    <message>
      <source>Player {p} has activated one squadron this turn; the second one follows once the first is done.</source>
      <translation>Hráč {p} v tomto tahu aktivoval jednu letku; druhá následuje, až bude první hotová.</translation>
    </message>
    <message>
      <source>Player {p} activates their last squadron: click it, then Activate; then the turn passes.</source>
      <translation>Hráč {p} aktivuje svou poslední letku: klepněte na ni a pak na Aktivovat; tím tah končí.</translation>
    </message>
    <message>
      <source>{ship}'s squadron command has no unactivated squadron left to activate.</source>
      <translation>Příkaz letka lodi {ship} už nemá žádnou neaktivovanou letku k aktivaci.</translation>
    </message>
    <message>
      <source>No game started. Assign every piece, then start.</source>
      <translation>Hra nezačala. Přiřaďte všechny figurky a pak začněte.</translation>
    </message>
    <message>
      <source>Dial to token</source>
      <translation>Číselník na žeton</translation>
    </message>
    <message>
      <source>activating</source>
      <translation>právě aktivována</translation>
    </message>
    <message>
      <source>{squadron} (player {player}): hull {hull}/{max}, {status}</source>
      <translation>{squadron} (hráč {player}): trup {hull}/{max}, {status}</translation>
    </message>
    <message>
      <source>Move</source>
      <translation>Pohnout</translation>
    </message>
    <message>
      <source>Command dials for {ship}</source>
      <translation>Příkazové číselníky pro {ship}</translation>
    </message>
    <message>
      <source>{ship}: speed {speed}, hull {hull}/{max}
dials in stack: {dials}, revealed: {dial}
command tokens: {tokens}</source>
      <translation>{ship}: rychlost {speed}, trup {hull}/{max}
číselníků v balíčku: {dials}, odkrytý: {dial}
příkazové žetony: {tokens}</translation>
    </message>
    <message>
      <source>activated this round</source>
      <translation>v tomto kole aktivována</translation>
    </message>
    <message>
      <source>not activated yet</source>
      <translation>zatím neaktivována</translation>
    </message>
    <message>
      <source>Click before you move it: an engaged squadron cannot move (RRG p.6); in the Squadron Phase it moves or attacks (RRG p.20)</source>
      <translation>Klepněte dříve, než ji pohnete: letka v boji se nemůže pohnout (RRG s. 6); ve fázi letek se pohne, nebo zaútočí (RRG s. 20)</translation>
    </message>
    <message>
      <source>Dial {n}</source>
      <translation>Číselník {n}</translation>
    </message>
    <message>
      <source>, player {p} to act</source>
      <translation>, na tahu je hráč {p}</translation>
    </message>
    <message>
      <source>Spend {c} dial</source>
      <translation>Použít číselník {c}</translation>
    </message>
    <message>
      <source>Spend {c} token</source>
      <translation>Použít žeton {c}</translation>
    </message>
    <message>
      <source>Counter attack on {target}</source>
      <translation>Protiútok na {target}</translation>
    </message>
    <message>
      <source>Every squadron has activated.</source>
      <translation>Všechny letky už byly aktivovány.</translation>
    </message>
    <message>
      <source>Ending the activation now: {warning}</source>
      <translation>Ukončit aktivaci teď: {warning}</translation>
    </message>
    <message>
      <source>Discard {c} token</source>
      <translation>Odhodit žeton {c}</translation>
    </message>
    <message>
      <source>Note: {warning}</source>
      <translation>Upozornění: {warning}</translation>
    </message>
    <message>
      <source>Round {r} of {n}: {phase}</source>
      <translation>Kolo {r} z {n}: {phase}</translation>
    </message>
    <message>
      <source>Click a ship to see its dials and tokens.</source>
      <translation>Klepněte na loď a uvidíte její číselníky a žetony.</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Background: {file}</source>
      <translation>Pozadí: {file}</translation>
    </message>
    <message>
      <source>Background: empty table saved {when}</source>
      <translation>Pozadí: prázdný stůl uložený {when}</translation>
    </message>
    <message>
      <source>Background: empty table learned {when}</source>
      <translation>Pozadí: prázdný stůl naučený {when}</translation>
    </message>
    <message>
      <source>Background: estimated (Ctrl+E learns the empty table)</source>
      <translation>Pozadí: odhadnuté (Ctrl+E naučí prázdný stůl)</translation>
    </message>
    <message>
      <source>Learning the empty table: keep hands off the table...</source>
      <translation>Učím se prázdný stůl: nesahejte na stůl...</translation>
    </message>
    <message>
      <source>Checking the empty table...</source>
      <translation>Kontroluji prázdný stůl...</translation>
    </message>
    <message>
      <source>Learn the empty table</source>
      <translation>Naučit prázdný stůl</translation>
    </message>
    <message>
      <source>Not learned: {error}</source>
      <translation>Nenaučeno: {error}</translation>
    </message>
    <message>
      <source>Learn it anyway</source>
      <translation>Přesto naučit</translation>
    </message>
    <message>
      <source>no calibration file (run --table or --camera)</source>
      <translation>chybí soubor kalibrace (run --table nebo --camera)</translation>
    </message>
    <message>
      <source>Learning the empty table: frame {n} of {total}...</source>
      <translation>Učím se prázdný stůl: snímek {n} z {total}...</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>Hrací stůl</translation>
    </message>
    <message>
      <source>Actions</source>
      <translation>Akce</translation>
    </message>
    <message>
      <source>Assign class...</source>
      <translation>Přiřadit třídu...</translation>
    </message>
    <message>
      <source>Flip bow</source>
      <translation>Otočit příď</translation>
    </message>
    <message>
      <source>Delete piece</source>
      <translation>Smazat figurku</translation>
    </message>
    <message>
      <source>Import fleet list...</source>
      <translation>Importovat seznam flotily...</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>Zpět</translation>
    </message>
    <message>
      <source>Follow the sample</source>
      <translation>Sledovat ukázku</translation>
    </message>
    <message>
      <source>Show the sample game's shots and moves as it plays</source>
      <translation>Ukazovat výstřely a pohyby ukázkové hry během přehrávání</translation>
    </message>
    <message>
      <source>Learn the empty table now</source>
      <translation>Naučit prázdný stůl teď</translation>
    </message>
    <message>
      <source>Clear the table first: detection compares frames with it</source>
      <translation>Nejdřív stůl vykliďte: rozpoznávání s ním porovnává každý snímek</translation>
    </message>
    <message>
      <source>Settings</source>
      <translation>Nastavení</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>Jazyk</translation>
    </message>
    <message>
      <source>The language changes at the next start.</source>
      <translation>Jazyk se změní při příštím spuštění.</translation>
    </message>
    <message>
      <source>({pieces}: not on the detected table, so not drawn)</source>
      <translation>({pieces}: na rozpoznaném hracím stole chybí, proto se nekreslí)</translation>
    </message>
    <message>
      <source>Overlay failed: {error}</source>
      <translation>Překryv selhal: {error}</translation>
    </message>
    <message>
      <source>Margin: no piece near enough to change this result</source>
      <translation>Rezerva: žádná figurka není dost blízko, aby změnila tento výsledek</translation>
    </message>
    <message>
      <source>Not allowed</source>
      <translation>Nepovoleno</translation>
    </message>
    <message>
      <source>Margin: {mm:.1f} mm</source>
      <translation>Rezerva: {mm:.1f} mm</translation>
    </message>
    <message>
      <source>Click a piece first.</source>
      <translation>Nejdřív klepněte na figurku.</translation>
    </message>
    <message>
      <source>Nothing to undo.</source>
      <translation>Není co vrátit.</translation>
    </message>
    <message>
      <source>Choose an attacker and a defender first.</source>
      <translation>Nejdřív zvolte útočníka a obránce.</translation>
    </message>
    <message>
      <source>Ends on a gravity rift: speed dial set to 0</source>
      <translation>Končí na gravitační trhlině: číselník rychlosti na 0</translation>
    </message>
    <message>
      <source>Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg</source>
      <translation>Konečná pozice: x {x:.0f} mm, y {y:.0f} mm, natočení {h:.0f}°</translation>
    </message>
    <message>
      <source>too close to call (below {unc:.1f} mm): check by hand</source>
      <translation>příliš těsné na rozhodnutí (pod {unc:.1f} mm): ověřte ručně</translation>
    </message>
    <message>
      <source>Done; note: {warning}</source>
      <translation>Hotovo; upozornění: {warning}</translation>
    </message>
    <message>
      <source>Assign a class to every ship first: {ids}</source>
      <translation>Nejdřív přiřaďte třídu každé lodi: {ids}</translation>
    </message>
    <message>
      <source>Overlap: {ships} take a facedown damage card</source>
      <translation>Překrytí: {ships} dostávají kartu poškození lícem dolů</translation>
    </message>
    <message>
      <source>Squadrons displaced: {ids}</source>
      <translation>Přemístěné letky: {ids}</translation>
    </message>
    <message>
      <source>Gravity rift at distance 1-2 ({ids}): speed {speed} reduced by one for this maneuver</source>
      <translation>Gravitační trhlina na vzdálenost 1–2 ({ids}): rychlost {speed} snížena pro tento manévr o jedna</translation>
    </message>
    <message>
      <source>obstacle inside the setup area</source>
      <translation>překážka uvnitř oblasti přípravy</translation>
    </message>
    <message>
      <source>obstacle beyond distance 3 of the edges</source>
      <translation>překážka za vzdáleností 3 od okrajů</translation>
    </message>
    <message>
      <source>obstacle beyond distance 1 of the other obstacles</source>
      <translation>překážka za vzdáleností 1 od ostatních překážek</translation>
    </message>
    <message>
      <source>ship inside its deployment zone</source>
      <translation>loď uvnitř své rozmisťovací zóny</translation>
    </message>
    <message>
      <source>squadron within distance 2 of a friendly ship</source>
      <translation>letka do vzdálenosti 2 od přátelské lodi</translation>
    </message>
    <message>
      <source>scout beyond distance 5 of enemy ships and squadrons</source>
      <translation>průzkumník za vzdáleností 5 od nepřátelských lodí a letek</translation>
    </message>
    <message>
      <source>inside the setup area</source>
      <translation>uvnitř oblasti přípravy</translation>
    </message>
    <message>
      <source>Setup: every piece placed legally</source>
      <translation>Příprava: všechny figurky jsou umístěny podle pravidel</translation>
    </message>
    <message>
      <source>Setup (RRG p.16): {n} broken, {m} too close to call: {ids}</source>
      <translation>Příprava (RRG s. 16): {n} porušeno, {m} příliš těsné na rozhodnutí: {ids}</translation>
    </message>
    <message>
      <source>Connecting to the camera...</source>
      <translation>Připojuji se ke kameře...</translation>
    </message>
    <message>
      <source>Live</source>
      <translation>Živě</translation>
    </message>
    <message>
      <source>{piece} breaks: {rule} ({mm:.1f} mm off)</source>
      <translation>{piece} porušuje: {rule} (o {mm:.1f} mm)</translation>
    </message>
    <message>
      <source>{piece} too close to call: {rule} ({mm:.1f} mm from the line)</source>
      <translation>{piece} příliš těsné na rozhodnutí: {rule} ({mm:.1f} mm od čáry)</translation>
    </message>
    <message>
      <source>Ruleset: {name}</source>
      <translation>Pravidla: {name}</translation>
    </message>
    <message>
      <source>Camera {name} not available: reconnecting in {s:.0f} s</source>
      <translation>Kamera {name} není dostupná: nové připojení za {s:.0f} s</translation>
    </message>
    <message>
      <source>Source ended</source>
      <translation>Zdroj skončil</translation>
    </message>
    <message>
      <source>Calibration: {what}</source>
      <translation>Kalibrace: {what}</translation>
    </message>
    <message>
      <source>Recording stopped: the disk is full ({path}). The game goes on unrecorded; the events before are kept. To record again, free space and start with a new --log FILE.</source>
      <translation>Záznam zastaven: disk je plný ({path}). Hra pokračuje bez záznamu; dosavadní události zůstávají uloženy. Pro další záznam uvolněte místo a spusťte znovu s novým --log SOUBOR.</translation>
    </message>
    <message>
      <source>Recording stopped: the game log cannot be written ({error}). The game goes on unrecorded; the events before are kept.</source>
      <translation>Záznam zastaven: do záznamu hry nelze zapisovat ({error}). Hra pokračuje bez záznamu; dosavadní události zůstávají uloženy.</translation>
    </message>
    <message>
      <source>Overlays {s:.1f} s behind the video</source>
      <translation>Překryvy {s:.1f} s za videem</translation>
    </message>
    <message>
      <source>{piece} breaks: {rule} (its player has no ship)</source>
      <translation>{piece} porušuje: {rule} (jeho hráč nemá žádnou loď)</translation>
    </message>
    <message>
      <source>Scene: {what}</source>
      <translation>Scéna: {what}</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms; overlays {lag:.1f} s behind)</source>
      <translation>{fps:.1f} snímků/s (kamera {cam:.1f}, zpracováno {rate:.1f}, {ms:.0f} ms; překryvy {lag:.1f} s pozadu)</translation>
    </message>
    <message>
      <source>No overlays yet: the first frame is being processed ({s:.0f} s)</source>
      <translation>Zatím žádné překryvy: první snímek se zpracovává ({s:.0f} s)</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms)</source>
      <translation>{fps:.1f} snímků/s (kamera {cam:.1f}, zpracováno {rate:.1f}, {ms:.0f} ms)</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f})</source>
      <translation>{fps:.1f} snímků/s (kamera {cam:.1f})</translation>
    </message>
  </context>
  <context>
    <name>Overlay</name>
    <message>
      <source>too close to call ({margin:.1f} mm)</source>
      <translation>příliš těsné na rozhodnutí ({margin:.1f} mm)</translation>
    </message>
    <message>
      <source>overlap: a facedown damage card each for {ships}</source>
      <translation>překrytí: karta poškození lícem dolů pro {ships}</translation>
    </message>
    <message>
      <source>{squadron} displaced</source>
      <translation>{squadron} přemístěna</translation>
    </message>
    <message>
      <source>Bases</source>
      <translation>Podstavce</translation>
    </message>
    <message>
      <source>Hull zones</source>
      <translation>Trupové zóny</translation>
    </message>
    <message>
      <source>Targeting points</source>
      <translation>Zaměřovací body</translation>
    </message>
    <message>
      <source>Firing arc</source>
      <translation>Palebný úhel</translation>
    </message>
    <message>
      <source>Range bands</source>
      <translation>Pásma dosahu</translation>
    </message>
    <message>
      <source>Line of sight</source>
      <translation>Linie střelby</translation>
    </message>
    <message>
      <source>Squadron distance 1 and engagement</source>
      <translation>Vzdálenost letek 1 a boj letek</translation>
    </message>
    <message>
      <source>Maneuver tool</source>
      <translation>Manévrovací měrka</translation>
    </message>
    <message>
      <source>Notes on the picture</source>
      <translation>Poznámky v obraze</translation>
    </message>
    <message>
      <source>The maneuver tool and final position of the move set in Maneuver preview (or the sample game's move)</source>
      <translation>Manévrovací měrka a konečná pozice tahu nastaveného v Náhledu manévru (nebo tahu ukázkové hry)</translation>
    </message>
    <message>
      <source>Text on the picture: pieces not yet recognised (unknown small ship...), too close to call, overlaps and displaced squadrons</source>
      <translation>Text v obraze: dosud nerozpoznané figurky (neznámá loď (malá)...), příliš těsné na rozhodnutí, překryvy a přemístěné letky</translation>
    </message>
    <message>
      <source>close range: red, blue and black dice</source>
      <translation>blízký dosah: červené, modré a černé kostky</translation>
    </message>
    <message>
      <source>medium range: red and blue dice</source>
      <translation>střední dosah: červené a modré kostky</translation>
    </message>
    <message>
      <source>long range: red dice</source>
      <translation>dlouhý dosah: červené kostky</translation>
    </message>
    <message>
      <source>line of sight clear</source>
      <translation>linie střelby volná</translation>
    </message>
    <message>
      <source>obstructed (remove one die)</source>
      <translation>zakrytá (odeberte jednu kostku)</translation>
    </message>
    <message>
      <source>no line of sight (blocked by a hull zone)</source>
      <translation>bez linie střelby (blokuje ji trupová zóna)</translation>
    </message>
    <message>
      <source>out of arc or range</source>
      <translation>mimo palebný úhel nebo dosah</translation>
    </message>
    <message>
      <source>too close to call</source>
      <translation>příliš těsné na rozhodnutí</translation>
    </message>
    <message>
      <source>squadron distance 1</source>
      <translation>vzdálenost letek 1</translation>
    </message>
    <message>
      <source>engaged squadrons</source>
      <translation>letky v boji</translation>
    </message>
    <message>
      <source>maneuver tool and final position</source>
      <translation>manévrovací měrka a konečná pozice</translation>
    </message>
    <message>
      <source>overlap: ship takes damage</source>
      <translation>překrytí: loď utrží poškození</translation>
    </message>
    <message>
      <source>unknown {size} ship</source>
      <translation>neznámá loď ({size})</translation>
    </message>
  </context>
  <context>
    <name>Panels</name>
    <message>
      <source>Legend</source>
      <translation>Legenda</translation>
    </message>
    <message>
      <source>no</source>
      <translation>ne</translation>
    </message>
    <message>
      <source>front</source>
      <translation>příď</translation>
    </message>
    <message>
      <source>left</source>
      <translation>levobok</translation>
    </message>
    <message>
      <source>right</source>
      <translation>pravobok</translation>
    </message>
    <message>
      <source>rear</source>
      <translation>záď</translation>
    </message>
    <message>
      <source>left auxiliary</source>
      <translation>levá pomocná zóna</translation>
    </message>
    <message>
      <source>right auxiliary</source>
      <translation>pravá pomocná zóna</translation>
    </message>
    <message>
      <source>close</source>
      <translation>blízký</translation>
    </message>
    <message>
      <source>medium</source>
      <translation>střední</translation>
    </message>
    <message>
      <source>long</source>
      <translation>dlouhý</translation>
    </message>
    <message>
      <source>beyond long range</source>
      <translation>za dlouhým dosahem</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>ano</translation>
    </message>
    <message>
      <source>no: engaged (RRG p.6; heavy and escort p.21)</source>
      <translation>ne: letka v boji (RRG s. 6; těžký a eskorta s. 21)</translation>
    </message>
    <message>
      <source>red</source>
      <translation>červené</translation>
    </message>
    <message>
      <source>blue</source>
      <translation>modré</translation>
    </message>
    <message>
      <source>black</source>
      <translation>černé</translation>
    </message>
    <message>
      <source>none</source>
      <translation>žádné</translation>
    </message>
    <message>
      <source>Click a ship's hull zone to choose the attacker, then an enemy ship or squadron to see the attack check.</source>
      <translation>Klepnutím na trupovou zónu lodi zvolte útočníka, pak klepněte na nepřátelskou loď nebo letku a uvidíte kontrolu útoku.</translation>
    </message>
    <message>
      <source>Attacker</source>
      <translation>Útočník</translation>
    </message>
    <message>
      <source>Defender</source>
      <translation>Obránce</translation>
    </message>
    <message>
      <source>In firing arc</source>
      <translation>V palebném úhlu</translation>
    </message>
    <message>
      <source>Range</source>
      <translation>Dosah</translation>
    </message>
    <message>
      <source>Line of sight</source>
      <translation>Linie střelby</translation>
    </message>
    <message>
      <source>Obstructed</source>
      <translation>Zakrytá</translation>
    </message>
    <message>
      <source>Dice</source>
      <translation>Kostky</translation>
    </message>
    <message>
      <source>Attack possible</source>
      <translation>Útok možný</translation>
    </message>
    <message>
      <source>Attack check</source>
      <translation>Kontrola útoku</translation>
    </message>
    <message>
      <source>Overlays</source>
      <translation>Překryvy</translation>
    </message>
    <message>
      <source>Too close to call below</source>
      <translation>Příliš těsné pod</translation>
    </message>
    <message>
      <source>Maneuver preview</source>
      <translation>Náhled manévru</translation>
    </message>
    <message>
      <source>Check to preview a move of the selected ship at this speed and these yaw clicks; Execute logs it</source>
      <translation>Zaškrtněte pro náhled tahu vybrané lodi touto rychlostí a s těmito cvaknutími; Provést jej zaznamená</translation>
    </message>
    <message>
      <source>Yaw clicks per joint, one whole number each, separated by semicolons or commas; positive turns to port</source>
      <translation>Cvaknutí na každý kloub, vždy celé číslo, oddělená středníkem nebo čárkou (0; 1 nebo 0,1); kladná otáčí na levobok</translation>
    </message>
    <message>
      <source>Speed</source>
      <translation>Rychlost</translation>
    </message>
    <message>
      <source>Yaw clicks</source>
      <translation>Cvaknutí</translation>
    </message>
    <message>
      <source>Preview</source>
      <translation>Náhled</translation>
    </message>
    <message>
      <source>Execute</source>
      <translation>Provést</translation>
    </message>
    <message>
      <source>Log this maneuver and the damage from its overlaps</source>
      <translation>Zapsat tento manévr a poškození z jeho překrytí</translation>
    </message>
    <message>
      <source>Blocked by hull zone</source>
      <translation>Blokováno trupovou zónou</translation>
    </message>
    <message>
      <source>Margin</source>
      <translation>Rezerva</translation>
    </message>
    <message>
      <source>Too close to call: the margin ({margin:.1f} mm) is below the measurement uncertainty ({unc:.1f} mm). Measure by hand.</source>
      <translation>Příliš těsné na rozhodnutí: rezerva ({margin:.1f} mm) je menší než nejistota měření ({unc:.1f} mm). Změřte ručně.</translation>
    </message>
    <message>
      <source>(obstructed: the attacker removes one of them, {n} left)</source>
      <translation>(zakrytá: útočník jednu z nich odebere, zbývá kostek: {n})</translation>
    </message>
  </context>
  <context>
    <name>Pipeline</name>
    <message>
      <source>detected</source>
      <translation>rozpoznaná</translation>
    </message>
    <message>
      <source>sample's ground truth</source>
      <translation>přesná data ukázky</translation>
    </message>
    <message>
      <source>sample's ground truth (detection not installed)</source>
      <translation>přesná data ukázky (rozpoznávání není nainstalováno)</translation>
    </message>
    <message>
      <source>no detection</source>
      <translation>bez rozpoznávání</translation>
    </message>
    <message>
      <source>loaded scene</source>
      <translation>načtená scéna</translation>
    </message>
    <message>
      <source>no calibration</source>
      <translation>bez kalibrace</translation>
    </message>
    <message>
      <source>manual corners: lower accuracy</source>
      <translation>ručně zadané rohy: nižší přesnost</translation>
    </message>
    <message>
      <source>exact (synthetic camera)</source>
      <translation>přesná (syntetická kamera)</translation>
    </message>
    <message>
      <source>reprojection {mm:.2f} mm</source>
      <translation>reprojekce {mm:.2f} mm</translation>
    </message>
    <message>
      <source>table markers</source>
      <translation>značky stolu</translation>
    </message>
    <message>
      <source>table markers not found</source>
      <translation>značky stolu nenalezeny</translation>
    </message>
  </context>
  <context>
    <name>Replay</name>
    <message>
      <source>Previous event</source>
      <translation>Předchozí událost</translation>
    </message>
    <message>
      <source>Next event</source>
      <translation>Další událost</translation>
    </message>
    <message>
      <source>Replay</source>
      <translation>Přehrávání</translation>
    </message>
    <message>
      <source>This game has no events.</source>
      <translation>Tato hra nemá žádné události.</translation>
    </message>
    <message>
      <source>Event {i} of {n}: {text}</source>
      <translation>Událost {i} z {n}: {text}</translation>
    </message>
    <message>
      <source>replay</source>
      <translation>přehrávání</translation>
    </message>
    <message>
      <source>Not applied to the game (the log keeps it): {reason}</source>
      <translation>Nepoužito ve hře (záznam ho uchovává): {reason}</translation>
    </message>
    <message>
      <source>Picture: the table at event {k} (the last photo before this event); the overlays show event {i}</source>
      <translation>Obrázek: stůl při události {k} (poslední fotka před touto událostí); překryvy ukazují událost {i}</translation>
    </message>
    <message>
      <source>Note: {reason}</source>
      <translation>Upozornění: {reason}</translation>
    </message>
  </context>
  <context>
    <name>Report</name>
    <message>
      <source>Table changed</source>
      <translation>Hrací stůl se změnil</translation>
    </message>
    <message>
      <source>close range</source>
      <translation>blízký dosah</translation>
    </message>
    <message>
      <source>medium range</source>
      <translation>střední dosah</translation>
    </message>
    <message>
      <source>long range</source>
      <translation>dlouhý dosah</translation>
    </message>
    <message>
      <source>extreme range</source>
      <translation>za dlouhým dosahem</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender} at {range} at distance {distance}</source>
      <translation>{attacker} útočí na {defender}, {range}, vzdálenost {distance}</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token}</source>
      <translation>{ship} používá obranný žeton #{token}</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token}, redirecting to {zone}</source>
      <translation>{ship} používá obranný žeton #{token}, poškození přesměrováno na {zone}</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token} (one more die; token discarded)</source>
      <translation>{ship} používá obranný žeton #{token} (o jednu kostku víc; žeton odhozen)</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token}, redirecting to {zone} (one more die; token discarded)</source>
      <translation>{ship} používá obranný žeton #{token}, poškození přesměrováno na {zone} (o jednu kostku víc; žeton odhozen)</translation>
    </message>
    <message>
      <source>Note: undo</source>
      <translation>Poznámka: vráceno zpět</translation>
    </message>
    <message>
      <source>sample game</source>
      <translation>ukázková hra</translation>
    </message>
    <message>
      <source>Attack check viewed</source>
      <translation>Zobrazena kontrola útoku</translation>
    </message>
    <message>
      <source>Next phase</source>
      <translation>Další fáze</translation>
    </message>
    <message>
      <source>Attack resolved</source>
      <translation>Útok vyhodnocen</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender} at {range}</source>
      <translation>{attacker} útočí na {defender}, {range}</translation>
    </message>
    <message>
      <source>{target} takes {damage}</source>
      <translation>{target} utrží: {damage}</translation>
    </message>
    <message>
      <source>Note: calibration</source>
      <translation>Poznámka: kalibrace</translation>
    </message>
    <message>
      <source>Note: empty table learned</source>
      <translation>Poznámka: prázdný stůl naučen</translation>
    </message>
    <message>
      <source>Note: setup</source>
      <translation>Poznámka: příprava</translation>
    </message>
    <message>
      <source>Note: squadrons moved</source>
      <translation>Poznámka: letky přesunuty</translation>
    </message>
    <message>
      <source>Note: end</source>
      <translation>Poznámka: konec</translation>
    </message>
    <message>
      <source>Note: {text}</source>
      <translation>Poznámka: {text}</translation>
    </message>
    <message>
      <source>not in arc</source>
      <translation>mimo palebný úhel</translation>
    </message>
    <message>
      <source>Check: {attacker} -&gt; {defender}</source>
      <translation>Kontrola: {attacker} -&gt; {defender}</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed}</source>
      <translation>{ship} letí rychlostí {speed}</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed} (yaw {yaw})</source>
      <translation>{ship} letí rychlostí {speed} (cvaknutí {yaw})</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed}, executed at speed {executed}</source>
      <translation>{ship} letí rychlostí {speed}, provedeno rychlostí {executed}</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed} (yaw {yaw}), executed at speed {executed}</source>
      <translation>{ship} letí rychlostí {speed} (cvaknutí {yaw}), provedeno rychlostí {executed}</translation>
    </message>
    <message>
      <source>destroyed (outside the play area)</source>
      <translation>zničena (mimo hrací plochu)</translation>
    </message>
    <message>
      <source>{band} range</source>
      <translation>dosah {band}</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender} at distance {distance}</source>
      <translation>{attacker} útočí na {defender}, vzdálenost {distance}</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender}</source>
      <translation>{attacker} útočí na {defender}</translation>
    </message>
    <message>
      <source>Note: fleet list imported for player {player}</source>
      <translation>Poznámka: seznam flotily hráče {player} importován</translation>
    </message>
    <message>
      <source>live: {source}</source>
      <translation>živě: {source}</translation>
    </message>
    <message>
      <source>valid</source>
      <translation>platný</translation>
    </message>
    <message>
      <source>not a valid attack</source>
      <translation>neplatný útok</translation>
    </message>
    <message>
      <source>Check: {attacker} -&gt; {defender}: {verdict}</source>
      <translation>Kontrola: {attacker} -&gt; {defender}: {verdict}</translation>
    </message>
    <message>
      <source>{ship} executes a maneuver</source>
      <translation>{ship} provádí manévr</translation>
    </message>
    <message>
      <source>Game started; player {first_player} has the initiative, {rounds} rounds ({ruleset})</source>
      <translation>Hra začala; iniciativu má hráč {first_player}, počet kol: {rounds} ({ruleset})</translation>
    </message>
    <message>
      <source>Player {player} deploys {ship} ({ship_class}), speed {speed}</source>
      <translation>Hráč {player} rozmisťuje {ship} ({ship_class}), rychlost {speed}</translation>
    </message>
    <message>
      <source>Player {player} deploys {squadron} ({squadron_class})</source>
      <translation>Hráč {player} rozmisťuje {squadron} ({squadron_class})</translation>
    </message>
    <message>
      <source>{ship} activates</source>
      <translation>{ship} se aktivuje</translation>
    </message>
    <message>
      <source>{ship} ends its activation</source>
      <translation>{ship} končí aktivaci</translation>
    </message>
    <message>
      <source>Player {player} spends a pass token</source>
      <translation>Hráč {player} používá žeton pasování</translation>
    </message>
    <message>
      <source>Squadrons activate: {squadrons}</source>
      <translation>Aktivují se letky: {squadrons}</translation>
    </message>
    <message>
      <source>{squadron} moves</source>
      <translation>{squadron} se pohybuje</translation>
    </message>
    <message>
      <source>{ship} changes speed to {speed}</source>
      <translation>{ship} mění rychlost na {speed}</translation>
    </message>
    <message>
      <source>Accuracy locks defense token #{token}</source>
      <translation>Přesnost blokuje obranný žeton #{token}</translation>
    </message>
    <message>
      <source>{ship} gets {count} command dial(s)</source>
      <translation>{ship} dostává příkazové číselníky: {count}</translation>
    </message>
    <message>
      <source>{ship} converts its dial into a token</source>
      <translation>{ship} mění číselník na žeton</translation>
    </message>
    <message>
      <source>{ship} gains a {command} token</source>
      <translation>{ship} získává žeton příkazu {command}</translation>
    </message>
    <message>
      <source>{ship} discards a {command} token</source>
      <translation>{ship} odhazuje žeton příkazu {command}</translation>
    </message>
    <message>
      <source>{ship} resolves {command} ({spent})</source>
      <translation>{ship} vyhodnocuje příkaz {command} ({spent})</translation>
    </message>
    <message>
      <source>{ship} repairs: {repair}</source>
      <translation>{ship} opravuje: {repair}</translation>
    </message>
    <message>
      <source>{count} shield(s) on {zone}</source>
      <translation>štíty ({zone}): {count}</translation>
    </message>
    <message>
      <source>{count} facedown card(s)</source>
      <translation>karty poškození lícem dolů: {count}</translation>
    </message>
    <message>
      <source>{count} faceup card(s)</source>
      <translation>karty poškození lícem nahoru: {count}</translation>
    </message>
    <message>
      <source>{count} damage</source>
      <translation>poškození: {count}</translation>
    </message>
    <message>
      <source>{piece} seen at x {x} mm, y {y} mm</source>
      <translation>nalezeno: {piece} na x {x} mm, y {y} mm</translation>
    </message>
    <message>
      <source>{piece} moved to x {x} mm, y {y} mm</source>
      <translation>přesunuto: {piece} na x {x} mm, y {y} mm</translation>
    </message>
    <message>
      <source>{piece} no longer on the table</source>
      <translation>už není na stole: {piece}</translation>
    </message>
    <message>
      <source>{piece} assigned {piece_class}, player {player}</source>
      <translation>přiřazeno: {piece} je {piece_class}, hráč {player}</translation>
    </message>
    <message>
      <source>bow of {piece} flipped</source>
      <translation>otočena příď: {piece}</translation>
    </message>
    <message>
      <source>{piece} deleted</source>
      <translation>smazáno: {piece}</translation>
    </message>
    <message>
      <source>{pieces} pieces detected</source>
      <translation>rozpoznané figurky: {pieces}</translation>
    </message>
    <message>
      <source>{pieces} pieces loaded from a scene file</source>
      <translation>figurky načtené ze souboru scény: {pieces}</translation>
    </message>
    <message>
      <source>no line of sight (blocked by {zone})</source>
      <translation>bez linie střelby (blokuje {zone})</translation>
    </message>
    <message>
      <source>obstructed by {pieces}</source>
      <translation>zakrytá ({pieces})</translation>
    </message>
    <message>
      <source>overlaps {ships}</source>
      <translation>překrývá {ships}</translation>
    </message>
    <message>
      <source>squadrons displaced: {ids}</source>
      <translation>přemístěné letky: {ids}</translation>
    </message>
    <message>
      <source>on obstacle {ids}</source>
      <translation>na překážce {ids}</translation>
    </message>
    <message>
      <source>{target} is destroyed ({reason})</source>
      <translation>{target} je zničena ({reason})</translation>
    </message>
    <message>
      <source>{target} is destroyed</source>
      <translation>{target} je zničena</translation>
    </message>
    <message>
      <source>dial</source>
      <translation>číselník</translation>
    </message>
    <message>
      <source>token</source>
      <translation>žeton</translation>
    </message>
    <message>
      <source>Started {time}; {count} events. Written by armada-vision.</source>
      <translation>Začátek {time}; událostí: {count}. Vytvořeno programem armada-vision.</translation>
    </message>
    <message>
      <source>ship</source>
      <translation>loď</translation>
    </message>
    <message>
      <source>player</source>
      <translation>hráč</translation>
    </message>
    <message>
      <source>hull</source>
      <translation>trup</translation>
    </message>
    <message>
      <source>shields</source>
      <translation>štíty</translation>
    </message>
    <message>
      <source>defense tokens</source>
      <translation>obranné žetony</translation>
    </message>
    <message>
      <source>command tokens</source>
      <translation>příkazové žetony</translation>
    </message>
    <message>
      <source>readied</source>
      <translation>připravený</translation>
    </message>
    <message>
      <source>exhausted</source>
      <translation>vyčerpaný</translation>
    </message>
    <message>
      <source>discarded</source>
      <translation>odhozený</translation>
    </message>
    <message>
      <source>destroyed</source>
      <translation>zničena</translation>
    </message>
    <message>
      <source>Game {id}</source>
      <translation>Hra {id}</translation>
    </message>
    <message>
      <source>Final state</source>
      <translation>Konečný stav</translation>
    </message>
    <message>
      <source>Not applied to the game (the log keeps it): {reason}</source>
      <translation>Nepoužito ve hře (záznam ho uchovává): {reason}</translation>
    </message>
    <message>
      <source>Note: {reason}</source>
      <translation>Upozornění: {reason}</translation>
    </message>
    <message>
      <source>Round {round}, {phase}.</source>
      <translation>Kolo {round}, {phase}.</translation>
    </message>
    <message>
      <source>table at event {seq}</source>
      <translation>hrací stůl při události {seq}</translation>
    </message>
    <message>
      <source>data</source>
      <translation>data</translation>
    </message>
    <message>
      <source>Round {round}</source>
      <translation>Kolo {round}</translation>
    </message>
  </context>
  <context>
    <name>Rules</name>
    <message>
      <source>(RRG p.{page})</source>
      <translation>(RRG s. {page})</translation>
    </message>
    <message>
      <source>the ship has no hull zone {zone!r}</source>
      <translation>loď nemá trupovou zónu {zone!r}</translation>
    </message>
    <message>
      <source>redirect goes only to a hull zone adjacent to the defending {zone} zone ({zones}), not {to_zone}</source>
      <translation>přesměrování jde jen do trupové zóny sousedící s bránící se zónou {zone} ({zones}), ne {to_zone}</translation>
    </message>
    <message>
      <source>redirect may move at most the {zone} zone's remaining shields ({cap}) of {damage} damage, not {amount}</source>
      <translation>přesměrování může z {damage} poškození přesunout nejvýše tolik, kolik zbývá štítů v zóně {zone} ({cap}), ne {amount}</translation>
    </message>
    <message>
      <source>unknown repair effect {action!r} (one of {actions})</source>
      <translation>neznámý efekt opravy {action!r} (jeden z: {actions})</translation>
    </message>
    <message>
      <source>ending {ship}'s activation ends that of {squadrons}, activated by its squadron command, before it attacked</source>
      <translation>konec aktivace lodi {ship} ukončí i aktivaci letky {squadrons}, aktivované jejím příkazem letka, dříve než zaútočila</translation>
    </message>
    <message>
      <source>ending {ship}'s activation ends that of {squadrons}, activated by its squadron command, before they attacked</source>
      <translation>konec aktivace lodi {ship} ukončí i aktivaci letek {squadrons}, aktivovaných jejím příkazem letka, dříve než zaútočily</translation>
    </message>
    <message>
      <source>after this, {squadrons}, activated by {ship}'s squadron command, can no longer attack (it has not attacked yet)</source>
      <translation>poté už letka {squadrons}, aktivovaná příkazem letka lodi {ship}, nemůže zaútočit (dosud nezaútočila)</translation>
    </message>
    <message>
      <source>after this, {squadrons}, activated by {ship}'s squadron command, can no longer attack (they have not attacked yet)</source>
      <translation>poté už letky {squadrons}, aktivované příkazem letka lodi {ship}, nemohou zaútočit (dosud nezaútočily)</translation>
    </message>
    <message>
      <source>ended its move partly outside the play area</source>
      <translation>skončila pohyb částečně mimo hrací plochu</translation>
    </message>
    <message>
      <source>{ship} has {have} of {value}</source>
      <translation>{ship} má {have} z {value}</translation>
    </message>
    <message>
      <source>every ship's dial stack must be topped up to its command value: {ships}</source>
      <translation>balíček příkazových číselníků každé lodi musí být doplněn do její hodnoty velení: {ships}</translation>
    </message>
    <message>
      <source>{ship} is still activating</source>
      <translation>{ship} se ještě aktivuje</translation>
    </message>
    <message>
      <source>every ship activates in the Ship Phase; still to activate: {ids}</source>
      <translation>ve fázi lodí se aktivuje každá loď; ještě zbývá aktivovat: {ids}</translation>
    </message>
    <message>
      <source>every squadron activates in the Squadron Phase; still to activate: {ids}</source>
      <translation>ve fázi letek se aktivuje každá letka; ještě zbývá aktivovat: {ids}</translation>
    </message>
    <message>
      <source>the game is over</source>
      <translation>hra skončila</translation>
    </message>
    <message>
      <source>an attack by {attacker} is still being resolved</source>
      <translation>útok {attacker} se ještě vyhodnocuje</translation>
    </message>
    <message>
      <source>no ship or squadron {piece!r} in this game</source>
      <translation>v této hře není loď ani letka {piece!r}</translation>
    </message>
    <message>
      <source>attacks happen in the Ship and Squadron Phases</source>
      <translation>útočí se ve fázi lodí a ve fázi letek</translation>
    </message>
    <message>
      <source>{piece} is destroyed</source>
      <translation>{piece} je zničena</translation>
    </message>
    <message>
      <source>a ship or squadron attacks only enemy ships and squadrons</source>
      <translation>loď nebo letka útočí jen na nepřátelské lodě a letky</translation>
    </message>
    <message>
      <source>unknown range band {band!r}</source>
      <translation>neznámé pásmo dosahu {band!r}</translation>
    </message>
    <message>
      <source>distance bands are 1..5, not {band}</source>
      <translation>vzdálenosti jsou 1..5, ne {band}</translation>
    </message>
    <message>
      <source>an attack on a ship names one of its hull zones ({zones}), not {zone!r}</source>
      <translation>útok na loď určuje jednu z jejích trupových zón ({zones}), ne {zone!r}</translation>
    </message>
    <message>
      <source>a salvo attack follows right after an attack in which the defending ship spent a salvo token (not after a salvo attack)</source>
      <translation>útok salvou následuje hned po útoku, ve kterém bránící se loď použila žeton salvy (ne po útoku salvou)</translation>
    </message>
    <message>
      <source>the salvo attack is by {ship} against the attacker {target}</source>
      <translation>útok salvou provádí {ship} proti útočníkovi {target}</translation>
    </message>
    <message>
      <source>the salvo attack is by {ship} against the attacking {zone} zone of {target}</source>
      <translation>útok salvou provádí {ship} proti útočící zóně {zone} lodi {target}</translation>
    </message>
    <message>
      <source>a salvo attack has the attack range of the original attack ({band})</source>
      <translation>útok salvou má útočný dosah původního útoku ({band})</translation>
    </message>
    <message>
      <source>{squadron} has no Counter: only a squadron with the Counter keyword counter attacks</source>
      <translation>{squadron} nemá Protiútok: protiútok provádí jen letka s klíčovým slovem Protiútok</translation>
    </message>
    <message>
      <source>a counter attack comes right after an enemy squadron's attack on the squadron, before any other attack or activation; a counter attack is not countered</source>
      <translation>protiútok následuje hned po útoku nepřátelské letky na tuto letku, před jakýmkoli dalším útokem či aktivací; na protiútok se protiútokem neodpovídá</translation>
    </message>
    <message>
      <source>the counter attack is by {squadron} against the squadron {target} that has just attacked it</source>
      <translation>protiútok provádí {squadron} proti letce {target}, která na ni právě zaútočila</translation>
    </message>
    <message>
      <source>{squadron} has already attacked during this activation: a squadron attacks once per activation</source>
      <translation>{squadron} už během této aktivace útočila: letka útočí jednou za aktivaci</translation>
    </message>
    <message>
      <source>in the Ship Phase a squadron attacks only when the active ship's squadron command activates it ({squadron} is not activated by it)</source>
      <translation>ve fázi lodí letka útočí jen tehdy, když ji aktivuje příkaz letka aktivní lodi ({squadron} jím aktivována nebyla)</translation>
    </message>
    <message>
      <source>a squadron attacks during its own activation: {squadron} is not activating (in the Squadron Phase, name it in the squadrons activated first)</source>
      <translation>letka útočí během své vlastní aktivace: {squadron} není aktivována (ve fázi letek ji nejprve uveďte mezi aktivovanými letkami)</translation>
    </message>
    <message>
      <source>a ship attacks during its own activation in the Ship Phase ({ship} is not activating; a salvo counter-attack is declared with salvo=true)</source>
      <translation>loď útočí během své vlastní aktivace ve fázi lodí ({ship} se neaktivuje; protiútok salvou se vyhlašuje se salvo=true)</translation>
    </message>
    <message>
      <source>{ship} has resolved navigate, which belongs to its Execute Maneuver step: a ship attacks before it executes its maneuver</source>
      <translation>{ship} už vyhodnotila navigaci, která patří do kroku Provedení manévru: loď útočí dřív, než provede svůj manévr</translation>
    </message>
    <message>
      <source>a ship attacks from one of its hull zones ({zones}), not {zone!r}</source>
      <translation>loď útočí z jedné ze svých trupových zón ({zones}), ne z {zone!r}</translation>
    </message>
    <message>
      <source>each of a ship's attacks is from a different hull zone; {ship} already attacked from its {zone} zone</source>
      <translation>každý útok lodi musí být z jiné trupové zóny; {ship} už útočila ze zóny {zone}</translation>
    </message>
    <message>
      <source>{squadron} is already a target of this attack: each enemy squadron is targeted only once per attack</source>
      <translation>{squadron} už je cílem tohoto útoku: každá nepřátelská letka může být cílem jen jednou za útok</translation>
    </message>
    <message>
      <source>a {size} ship attacks at most {limit} times per activation</source>
      <translation>loď velikosti {size} útočí nejvýše {limit}× za aktivaci</translation>
    </message>
    <message>
      <source>no attack is being resolved</source>
      <translation>nevyhodnocuje se žádný útok</translation>
    </message>
    <message>
      <source>the defender {defender} is a squadron; only ships' defense tokens are tracked here</source>
      <translation>obránce {defender} je letka; sledují se tu jen obranné žetony lodí</translation>
    </message>
    <message>
      <source>accuracy icons are spent in Resolve Attack Effects, before the defender spends defense tokens</source>
      <translation>symboly přesnosti se používají při vyhodnocení efektů útoku, dřív než obránce použije obranné žetony</translation>
    </message>
    <message>
      <source>{ship}'s {kind} token #{token} is discarded</source>
      <translation>žeton {kind} #{token} lodi {ship} je odhozený</translation>
    </message>
    <message>
      <source>only the defender ({ship}) spends defense tokens in this attack</source>
      <translation>v tomto útoku používá obranné žetony jen obránce ({ship})</translation>
    </message>
    <message>
      <source>a ship at speed 0 cannot spend defense tokens</source>
      <translation>loď s rychlostí 0 nemůže použít obranné žetony</translation>
    </message>
    <message>
      <source>{ship}'s {kind} token #{token} is discarded and cannot be spent</source>
      <translation>žeton {kind} #{token} lodi {ship} je odhozený a nelze ho použít</translation>
    </message>
    <message>
      <source>the same defense token cannot be spent twice in one attack ({kind} #{token})</source>
      <translation>stejný obranný žeton nelze v jednom útoku použít dvakrát ({kind} #{token})</translation>
    </message>
    <message>
      <source>{ship}'s {kind} token #{token} was chosen by an accuracy icon and cannot be spent in this attack</source>
      <translation>žeton {kind} #{token} lodi {ship} byl zvolen symbolem přesnosti a v tomto útoku ho nelze použít</translation>
    </message>
    <message>
      <source>at most one defense token of each type per attack; a {kind} was already spent</source>
      <translation>v jednom útoku nejvýše jeden obranný žeton každého druhu; {kind} už byl použit</translation>
    </message>
    <message>
      <source>a zone is chosen for a redirect, not a {kind}</source>
      <translation>zóna se volí pro přesměrování, ne pro {kind}</translation>
    </message>
    <message>
      <source>only an evade affects an additional die, not a {kind}</source>
      <translation>další kostku ovlivní jen úhyb, ne {kind}</translation>
    </message>
    <message>
      <source>an evade affects one additional die only against a ship of a larger size class (attacker: {attacker}, defender: {defender})</source>
      <translation>úhyb ovlivní další kostku jen proti lodi větší velikosti (útočník: {attacker}, obránce: {defender})</translation>
    </message>
    <message>
      <source>damage is never negative</source>
      <translation>poškození nikdy není záporné</translation>
    </message>
    <message>
      <source>squadrons have no shields or damage cards; use hull_points</source>
      <translation>letky nemají štíty ani karty poškození; použijte hull_points</translation>
    </message>
    <message>
      <source>ships take damage as shields and damage cards, not hull points</source>
      <translation>lodě utrží poškození jako štíty a karty poškození, ne jako body trupu</translation>
    </message>
    <message>
      <source>{ship} has no hull zone {zone!r}</source>
      <translation>{ship} nemá trupovou zónu {zone!r}</translation>
    </message>
    <message>
      <source>{ship}'s {zone} zone cannot lose {lost} of its shields (it has {shields})</source>
      <translation>zóna {zone} lodi {ship} nemůže přijít o tolik štítů ({lost}), má jich jen {shields}</translation>
    </message>
    <message>
      <source>unknown command {command!r} (one of {commands})</source>
      <translation>neznámý příkaz {command!r} (jeden z: {commands})</translation>
    </message>
    <message>
      <source>{ship} already had a {command} token and must discard one</source>
      <translation>{ship} už měla žeton příkazu {command} a musí jeden odhodit</translation>
    </message>
    <message>
      <source>{ship} holds {count} command tokens, more than its command value {value}, and must discard one</source>
      <translation>{ship} má {count} příkazových žetonů, víc než její hodnota velení {value}, a musí jeden odhodit</translation>
    </message>
    <message>
      <source>{ship} resolves a {command} command after revealing its command dial, before it attacks (RRG "Ship Activation": reveal the dial, attack, execute the maneuver)</source>
      <translation>{ship} vyhodnocuje příkaz {command} po odhalení svého číselníku příkazů, dřív než zaútočí (RRG „Aktivace lodi“: odhalit číselník, útočit, provést manévr)</translation>
    </message>
    <message>
      <source>{what} only during its own activation ({ship} is not active)</source>
      <translation>{what} jen během vlastní aktivace lodi ({ship} není aktivní)</translation>
    </message>
    <message>
      <source>command dials are assigned in the Command Phase</source>
      <translation>příkazové číselníky se nastavují ve fázi příkazů</translation>
    </message>
    <message>
      <source>{ship} is destroyed</source>
      <translation>{ship} je zničena</translation>
    </message>
    <message>
      <source>a ship's dial stack is topped up to its command value ({value}); {ship} has {have} and {more} more were given</source>
      <translation>balíček číselníků lodi se doplňuje do její hodnoty velení ({value}); {ship} má {have} a bylo zadáno dalších {more}</translation>
    </message>
    <message>
      <source>a revealed dial is converted into a token</source>
      <translation>odkrytý číselník se mění na žeton</translation>
    </message>
    <message>
      <source>{ship} has no revealed dial to convert</source>
      <translation>{ship} nemá odkrytý číselník, který by šlo změnit na žeton</translation>
    </message>
    <message>
      <source>a revealed command dial becomes a token when it is revealed, before {ship} attacks or resolves navigate</source>
      <translation>odhalený číselník příkazů se mění na žeton hned při odhalení, dřív než {ship} zaútočí nebo vyhodnotí navigaci</translation>
    </message>
    <message>
      <source>{why}: discard one of {options}, not {command}</source>
      <translation>{why}: odhoďte jeden z: {options}, ne {command}</translation>
    </message>
    <message>
      <source>{ship} has no {command} token to discard</source>
      <translation>{ship} nemá žeton příkazu {command}, který by mohla odhodit</translation>
    </message>
    <message>
      <source>a ship resolves commands</source>
      <translation>loď vyhodnocuje příkazy</translation>
    </message>
    <message>
      <source>a command is resolved by spending its dial, its token or both</source>
      <translation>příkaz se vyhodnotí použitím jeho číselníku, jeho žetonu nebo obojího</translation>
    </message>
    <message>
      <source>each command resolves at most once per round; {ship} already resolved {command} this round (a dial and a token together count as one)</source>
      <translation>každý příkaz se vyhodnotí nejvýše jednou za kolo; {ship} už v tomto kole vyhodnotila {command} (číselník a žeton spolu se počítají jako jeden)</translation>
    </message>
    <message>
      <source>its revealed dial is {command}</source>
      <translation>její odkrytý číselník je {command}</translation>
    </message>
    <message>
      <source>no dial</source>
      <translation>žádný číselník</translation>
    </message>
    <message>
      <source>{ship} cannot spend a {command} dial: {have}</source>
      <translation>{ship} nemůže použít číselník {command}: {have}</translation>
    </message>
    <message>
      <source>concentrate fire resolves during the Resolve Attack Effects step of an attack by {ship}, before the defender spends defense tokens</source>
      <translation>soustředěná palba se vyhodnocuje při vyhodnocení efektů útoku lodi {ship}, dřív než obránce použije obranné žetony</translation>
    </message>
    <message>
      <source>{ship} has no {command} token</source>
      <translation>{ship} nemá žeton příkazu {command}</translation>
    </message>
    <message>
      <source>engineering points are spent</source>
      <translation>body inženýrství se utrácejí</translation>
    </message>
    <message>
      <source>{action} costs {cost} engineering point(s); {ship} has {left} left</source>
      <translation>{action} stojí {cost} b. inženýrství; {ship} má ještě {left}</translation>
    </message>
    <message>
      <source>a shield moves to another hull zone, not back to the {zone} zone it left</source>
      <translation>štít se přesouvá do jiné trupové zóny, ne zpět do zóny {zone}, ze které odešel</translation>
    </message>
    <message>
      <source>{ship}'s {zone} zone has no shield to move</source>
      <translation>zóna {zone} lodi {ship} nemá žádný štít k přesunu</translation>
    </message>
    <message>
      <source>{ship}'s {zone} shields are at their maximum ({limit})</source>
      <translation>štíty zóny {zone} lodi {ship} jsou na maximu ({limit})</translation>
    </message>
    <message>
      <source>{ship} has no faceup damage card</source>
      <translation>{ship} nemá žádnou kartu poškození lícem nahoru</translation>
    </message>
    <message>
      <source>{ship} has no facedown damage card</source>
      <translation>{ship} nemá žádnou kartu poškození lícem dolů</translation>
    </message>
    <message>
      <source>{ship} is deployed at distance 1-2 of a gravity rift: its speed dial must be 0, not {speed}</source>
      <translation>{ship} je rozmístěna na vzdálenost 1–2 od gravitační trhliny: její číselník rychlosti musí ukazovat 0, ne {speed}</translation>
    </message>
    <message>
      <source>{ship} is deployed at a speed on its speed chart, 1..{top} (0 is not on it), not {speed}</source>
      <translation>{ship} se rozmisťuje s rychlostí ze své tabulky rychlostí, 1..{top} (0 v ní není), ne {speed}</translation>
    </message>
    <message>
      <source>{ship}'s speed is 0..{top} (its speed chart), not {speed}</source>
      <translation>rychlost lodi {ship} je 0..{top} (podle tabulky rychlostí), ne {speed}</translation>
    </message>
    <message>
      <source>a ship's speed changes only by a navigate command during its activation (dial or token: 1 each); {ship} may change by {allowed}, not {step}</source>
      <translation>rychlost lodi se mění jen příkazem navigace během její aktivace (číselník nebo žeton: po 1); {ship} ji smí změnit o {allowed}, ne o {step}</translation>
    </message>
    <message>
      <source>{squadron} was activated by {ship}'s squadron command, whose squadrons act when the ship reveals its dial, before the ship attacks or moves</source>
      <translation>{squadron} byla aktivována příkazem letka lodi {ship}; tyto letky jednají, když loď odhalí svůj příkazový číselník, dříve než loď zaútočí nebo se pohne</translation>
    </message>
    <message>
      <source>a squadron activated in the Squadron Phase moves or attacks, not both: {squadron} has attacked</source>
      <translation>letka aktivovaná ve fázi letek se pohne, nebo zaútočí, ne obojí: {squadron} už zaútočila</translation>
    </message>
    <message>
      <source>a squadron activated in the Squadron Phase moves or attacks, not both: {squadron} has moved</source>
      <translation>letka aktivovaná ve fázi letek se pohne, nebo zaútočí, ne obojí: {squadron} se už pohnula</translation>
    </message>
    <message>
      <source>{squadron} cannot move now: squadrons move only in the Ship Phase (activated by a squadron command, RRG p.3) and the Squadron Phase</source>
      <translation>{squadron} se teď nemůže pohnout: letky se pohybují jen ve fázi lodí (aktivované příkazem letka, RRG s. 3) a ve fázi letek</translation>
    </message>
    <message>
      <source>{squadron} is destroyed</source>
      <translation>{squadron} je zničena</translation>
    </message>
    <message>
      <source>{squadron} is engaged with {squadrons} and cannot move</source>
      <translation>{squadron} je v boji s {squadrons} a nemůže se pohnout</translation>
    </message>
    <message>
      <source>a squadron moves during its own activation: {squadron} is not activating (activate it first)</source>
      <translation>letka se pohybuje během své vlastní aktivace: {squadron} není aktivována (nejprve ji aktivujte)</translation>
    </message>
    <message>
      <source>the {phase} cannot end yet: {why}</source>
      <translation>{phase} ještě nemůže skončit: {why}</translation>
    </message>
    <message>
      <source>the game has already started</source>
      <translation>hra už začala</translation>
    </message>
    <message>
      <source>the first player is 1 or 2, not {player}</source>
      <translation>první hráč je 1 nebo 2, ne {player}</translation>
    </message>
    <message>
      <source>a game lasts at least one round, not {rounds}</source>
      <translation>hra trvá nejméně jedno kolo, ne {rounds}</translation>
    </message>
    <message>
      <source>ships and squadrons join the game during setup</source>
      <translation>lodě a letky vstupují do hry během přípravy</translation>
    </message>
    <message>
      <source>there is already a piece {piece!r} in this game</source>
      <translation>v této hře už je figurka {piece!r}</translation>
    </message>
    <message>
      <source>a piece belongs to player 1 or 2, not {player}</source>
      <translation>figurka patří hráči 1 nebo 2, ne {player}</translation>
    </message>
    <message>
      <source>unknown size class {size!r}</source>
      <translation>neznámá velikost {size!r}</translation>
    </message>
    <message>
      <source>unknown defense token type {kind!r}</source>
      <translation>neznámý druh obranného žetonu {kind!r}</translation>
    </message>
    <message>
      <source>nobody has anything left to activate in the {phase}</source>
      <translation>už nikdo nemá co aktivovat ({phase})</translation>
    </message>
    <message>
      <source>it is player {turn}'s turn to activate squadrons, not player {player}'s</source>
      <translation>letky teď aktivuje hráč {turn}, ne hráč {player}</translation>
    </message>
    <message>
      <source>it is player {turn}'s turn to activate a ship, not player {player}'s</source>
      <translation>loď teď aktivuje hráč {turn}, ne hráč {player}</translation>
    </message>
    <message>
      <source>ships activate in the Ship Phase</source>
      <translation>lodě se aktivují ve fázi lodí</translation>
    </message>
    <message>
      <source>{ship} is still activating; end its activation first</source>
      <translation>{ship} se ještě aktivuje; nejdřív ukončete její aktivaci</translation>
    </message>
    <message>
      <source>{ship} has already activated this round</source>
      <translation>{ship} se v tomto kole už aktivovala</translation>
    </message>
    <message>
      <source>{ship} is not activating (active: {active})</source>
      <translation>{ship} se neaktivuje (aktivní je: {active})</translation>
    </message>
    <message>
      <source>finish the attack before ending the activation</source>
      <translation>před ukončením aktivace dokončete útok</translation>
    </message>
    <message>
      <source>a player passes instead of activating a ship in the Ship Phase</source>
      <translation>hráč pasuje místo aktivace lodi ve fázi lodí</translation>
    </message>
    <message>
      <source>player {player} has no pass token</source>
      <translation>hráč {player} nemá žeton pasování</translation>
    </message>
    <message>
      <source>a player cannot spend pass tokens on consecutive turns</source>
      <translation>hráč nemůže použít žetony pasování ve dvou tazích po sobě</translation>
    </message>
    <message>
      <source>the first player may pass only after activating a ship and with fewer unactivated ships than the second player ({mine} vs {theirs})</source>
      <translation>první hráč smí pasovat až po aktivaci lodi a jen s menším počtem neaktivovaných lodí než druhý hráč ({mine} proti {theirs})</translation>
    </message>
    <message>
      <source>the second player may pass only with no more unactivated ships than the first player ({mine} vs {theirs})</source>
      <translation>druhý hráč smí pasovat, jen když nemá víc neaktivovaných lodí než první hráč ({mine} proti {theirs})</translation>
    </message>
    <message>
      <source>no squadron was named: name the squadrons activated</source>
      <translation>nebyla uvedena žádná letka: uveďte aktivované letky</translation>
    </message>
    <message>
      <source>name each activated squadron once</source>
      <translation>každou aktivovanou letku uveďte jednou</translation>
    </message>
    <message>
      <source>finish the attack by {attacker} before activating squadrons</source>
      <translation>před aktivací letek dokončete útok letky či lodi {attacker}</translation>
    </message>
    <message>
      <source>{squadron} has already activated this round</source>
      <translation>{squadron} se v tomto kole už aktivovala</translation>
    </message>
    <message>
      <source>in the Ship Phase squadrons activate only through the active ship's squadron command ({left} activation(s) left, {asked} asked)</source>
      <translation>ve fázi lodí se letky aktivují jen příkazem letka aktivní lodi (zbývá aktivací: {left}, požadováno: {asked})</translation>
    </message>
    <message>
      <source>a squadron command activates friendly squadrons only</source>
      <translation>příkaz letka aktivuje jen spřátelené letky</translation>
    </message>
    <message>
      <source>a player activates only their own squadrons</source>
      <translation>hráč aktivuje jen své vlastní letky</translation>
    </message>
    <message>
      <source>a player activates two squadrons a turn, one after the other: player {player} has activated one this turn and may activate one more, not {named}</source>
      <translation>hráč aktivuje za tah dvě letky, jednu po druhé: hráč {player} v tomto tahu jednu aktivoval a smí aktivovat ještě jednu, ne {named}</translation>
    </message>
    <message>
      <source>squadrons activate in the Squadron Phase or by a squadron command</source>
      <translation>letky se aktivují ve fázi letek nebo příkazem letka</translation>
    </message>
    <message>
      <source>the game has not started yet (the first event is game-started)</source>
      <translation>hra ještě nezačala (první událost je game-started)</translation>
    </message>
    <message>
      <source>first resolve the pending choice: {why} ({options})</source>
      <translation>nejdřív vyřešte čekající volbu: {why} ({options})</translation>
    </message>
    <message>
      <source>the game is over: player {player}'s fleet has no ships left</source>
      <translation>hra skončila: flotila hráče {player} už nemá žádné lodě</translation>
    </message>
    <message>
      <source>the game is over after round {rounds}</source>
      <translation>hra skončila po {rounds}. kole</translation>
    </message>
    <message>
      <source>event #{i}: {why}</source>
      <translation>událost #{i}: {why}</translation>
    </message>
    <message>
      <source>{ship} has no defense token #{token} (it has {count})</source>
      <translation>{ship} nemá obranný žeton #{token} (má jich {count})</translation>
    </message>
    <message>
      <source>no ship {ship!r} in this game</source>
      <translation>v této hře není loď {ship!r}</translation>
    </message>
    <message>
      <source>no squadron {squadron!r} in this game</source>
      <translation>v této hře není letka {squadron!r}</translation>
    </message>
    <message>
      <source>navigate must be one of dial, token, dial+token, got {navigate}</source>
      <translation>navigace musí být dial, token nebo dial+token, ne {navigate}</translation>
    </message>
    <message>
      <source>{ship} speed chart allows speed 0..{max_speed}, got {speed}</source>
      <translation>tabulka rychlostí lodi {ship} dovoluje rychlost 0..{max_speed}, ne {speed}</translation>
    </message>
    <message>
      <source>navigate {navigate} changes speed by at most {step}: dial {dial}, got speed {speed}</source>
      <translation>navigace ({navigate}) mění rychlost nejvýše o {step}: číselník {dial}, zadaná rychlost {speed}</translation>
    </message>
    <message>
      <source>{ship} at speed 0 does not move: give no yaw values, got {yaw}</source>
      <translation>loď {ship} se při rychlosti 0 nepohybuje: nezadávejte žádné hodnoty cvaknutí, ne {yaw}</translation>
    </message>
    <message>
      <source>{ship} at speed 1 needs one yaw value, got {yaw}</source>
      <translation>loď {ship} potřebuje při rychlosti 1 právě jednu hodnotu cvaknutí, ne {yaw}</translation>
    </message>
    <message>
      <source>{ship} at speed {speed} needs {speed} yaw values (one per joint), got {yaw}</source>
      <translation>loď {ship} potřebuje při rychlosti {speed} jednu hodnotu cvaknutí na každý kloub (celkem {speed}), ne {yaw}</translation>
    </message>
    <message>
      <source>{ship} speed chart allows at speed {speed} yaw up to {allowed} (navigate dial: +1 click on one joint), got {yaw}</source>
      <translation>tabulka rychlostí lodi {ship} dovoluje při rychlosti {speed} nejvýše {allowed} cvaknutí (číselník navigace: +1 cvaknutí na jednom kloubu), ne {yaw}</translation>
    </message>
    <message>
      <source>{ship} speed chart allows at speed {speed} yaw up to {allowed}, got {yaw}</source>
      <translation>tabulka rychlostí lodi {ship} dovoluje při rychlosti {speed} nejvýše {allowed} cvaknutí, ne {yaw}</translation>
    </message>
    <message>
      <source>{ship} is huge and would overlap the maneuver tool on both sides at speed {speed} yaw {yaw}</source>
      <translation>loď {ship} je obří a při rychlosti {speed} a cvaknutích {yaw} by na obou stranách překrývala manévrovací měrku</translation>
    </message>
  </context>
  <context>
    <name>Terms</name>
    <message>
      <source>front</source>
      <translation>příď</translation>
    </message>
    <message>
      <source>left</source>
      <translation>levobok</translation>
    </message>
    <message>
      <source>right</source>
      <translation>pravobok</translation>
    </message>
    <message>
      <source>rear</source>
      <translation>záď</translation>
    </message>
    <message>
      <source>left-aux</source>
      <translation>levá pomocná zóna</translation>
    </message>
    <message>
      <source>right-aux</source>
      <translation>pravá pomocná zóna</translation>
    </message>
    <message>
      <source>brace</source>
      <translation>zpevnění</translation>
    </message>
    <message>
      <source>redirect</source>
      <translation>přesměrování</translation>
    </message>
    <message>
      <source>evade</source>
      <translation>úhyb</translation>
    </message>
    <message>
      <source>scatter</source>
      <translation>rozptýlení</translation>
    </message>
    <message>
      <source>contain</source>
      <translation>zadržení</translation>
    </message>
    <message>
      <source>salvo</source>
      <translation>salva</translation>
    </message>
    <message>
      <source>navigate</source>
      <translation>navigace</translation>
    </message>
    <message>
      <source>squadron</source>
      <translation>letka</translation>
    </message>
    <message>
      <source>repair</source>
      <translation>oprava</translation>
    </message>
    <message>
      <source>concentrate-fire</source>
      <translation>soustředěná palba</translation>
    </message>
    <message>
      <source>Setup</source>
      <translation>Příprava</translation>
    </message>
    <message>
      <source>Command Phase</source>
      <translation>Fáze příkazů</translation>
    </message>
    <message>
      <source>Ship Phase</source>
      <translation>Fáze lodí</translation>
    </message>
    <message>
      <source>Squadron Phase</source>
      <translation>Fáze letek</translation>
    </message>
    <message>
      <source>Status Phase</source>
      <translation>Stavová fáze</translation>
    </message>
    <message>
      <source>end of the game</source>
      <translation>Konec hry</translation>
    </message>
    <message>
      <source>small</source>
      <translation>malá</translation>
    </message>
    <message>
      <source>medium</source>
      <translation>střední</translation>
    </message>
    <message>
      <source>large</source>
      <translation>velká</translation>
    </message>
    <message>
      <source>huge</source>
      <translation>obrovská</translation>
    </message>
    <message>
      <source>move-shield</source>
      <translation>přesun štítu</translation>
    </message>
    <message>
      <source>recover-shield</source>
      <translation>obnova štítu</translation>
    </message>
    <message>
      <source>discard-damage</source>
      <translation>odhození karty poškození</translation>
    </message>
  </context>
  <context>
    <name>Tracker</name>
    <message>
      <source>frame is {w}x{h} px but the calibration is for {cw}x{ch} px: set the camera back or recalibrate</source>
      <translation>snímek má {w}x{h} px, ale kalibrace je pro {cw}x{ch} px: vraťte nastavení kamery nebo kalibrujte znovu</translation>
    </message>
    <message>
      <source>table markers no longer fit the camera intrinsics (reprojection {px:.1f} px): zoom, focus or camera changed? recalibrate the camera</source>
      <translation>značky stolu už neodpovídají kalibraci kamery (reprojekce {px:.1f} px): změnil se zoom, ostření nebo kamera? kalibrujte kameru znovu</translation>
    </message>
    <message>
      <source>table markers do not fit the camera intrinsics and the layout (reprojection {px:.1f} px): is the layout this table's (6x3, 3x3) and the camera file this camera's?</source>
      <translation>značky stolu neodpovídají kalibraci kamery a rozložení stolu (reprojekce {px:.1f} px): je rozložení pro tento stůl (6x3, 3x3) a soubor kamery pro tuto kameru?</translation>
    </message>
    <message>
      <source>camera height or zoom changed by {percent:.0f} %: recalibrate the camera if you zoomed, else run the table calibration again</source>
      <translation>výška kamery nebo zoom se změnily o {percent:.0f} %: pokud jste měnili zoom, kalibrujte kameru, jinak zopakujte kalibraci stolu</translation>
    </message>
    <message>
      <source>only {n} table markers visible: need {need}</source>
      <translation>viditelné značky stolu: jen {n}, potřeba {need}</translation>
    </message>
    <message>
      <source>only {n} table markers visible: pose frozen</source>
      <translation>viditelné značky stolu: jen {n}, poloha zmrazena</translation>
    </message>
    <message>
      <source>table found ({n} markers, {px:.2f} px, {mm:.2f} mm)</source>
      <translation>stůl nalezen ({n} značek, {px:.2f} px, {mm:.2f} mm)</translation>
    </message>
    <message>
      <source>markers moved {px:.1f} px: checking for a camera bump</source>
      <translation>značky se posunuly o {px:.1f} px: kontroluji, zda se kamera nepohnula</translation>
    </message>
    <message>
      <source>camera moved {px:.1f} px: table re-fitted ({rep:.2f} px)</source>
      <translation>kamera se posunula o {px:.1f} px: stůl znovu usazen ({rep:.2f} px)</translation>
    </message>
    <message>
      <source>pose kept</source>
      <translation>poloha zachována</translation>
    </message>
    <message>
      <source>pose kept; markers {hidden} hidden</source>
      <translation>poloha zachována; značky {hidden} zakryté</translation>
    </message>
    <message>
      <source>pose kept; markers {moved} ignored (moved alone)</source>
      <translation>poloha zachována; značky {moved} ignorovány (posunuly se samy)</translation>
    </message>
    <message>
      <source>pose kept; markers {hidden} hidden; markers {moved} ignored (moved alone)</source>
      <translation>poloha zachována; značky {hidden} zakryté; značky {moved} ignorovány (posunuly se samy)</translation>
    </message>
    <message>
      <source>the table markers found (ids: {ids}) do not span the table: its far corners may be off by up to {mm:.1f} mm; keep the other markers in view (uncovered, inside the picture)</source>
      <translation>nalezené značky stolu (id: {ids}) nepokrývají celý stůl: jeho vzdálené rohy mohou být mimo až o {mm:.1f} mm; udržte ostatní značky v záběru (nezakryté, uvnitř obrazu)</translation>
    </message>
  </context>
  <context>
    <name>VideoView</name>
    <message>
      <source>Waiting for the camera...</source>
      <translation>Čekám na kameru...</translation>
    </message>
  </context>
</TS>
