<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
  <context>
    <name>App</name>
    <message>
      <source>Preparing the rules engine (first run after an install only)...</source>
      <translation>Die Regel-Engine wird vorbereitet (nur beim ersten Start nach einer Installation)...</translation>
    </message>
  </context>
  <context>
    <name>Demo</name>
    <message>
      <source>Rendering the sample game (first run only)...</source>
      <translation>Das Beispielspiel wird gerendert (nur beim ersten Start) ...</translation>
    </message>
    <message>
      <source>sample game</source>
      <translation>Beispielspiel</translation>
    </message>
  </context>
  <context>
    <name>DemoScript</name>
    <message>
      <source>Deployment: the Empire (near edge) faces the Rebels across six obstacles.</source>
      <translation>Aufstellung: Das Imperium (vordere Kante) steht den Rebellen über sechs Hindernisse hinweg gegenüber.</translation>
    </message>
    <message>
      <source>Victory II: speed 2, straight ahead.</source>
      <translation>Victory II: Geschwindigkeit 2, geradeaus.</translation>
    </message>
    <message>
      <source>Nebulon-B: speed 2, one click to port on the second joint.</source>
      <translation>Nebulon-B: Geschwindigkeit 2, am zweiten Gelenk ein Klick nach backbord.</translation>
    </message>
    <message>
      <source>Squadrons close in: the TIE fighters engage the X-wings.</source>
      <translation>Die Staffeln rücken vor: Die TIE-Jäger binden die X-Flügler.</translation>
    </message>
    <message>
      <source>Imperial II: speed 1, straight ahead.</source>
      <translation>Imperial II: Geschwindigkeit 1, geradeaus.</translation>
    </message>
    <message>
      <source>CR90: speed 3, straight ahead.</source>
      <translation>CR90: Geschwindigkeit 3, geradeaus.</translation>
    </message>
    <message>
      <source>Imperial II front at the CR90: the line of sight crosses an asteroid field - obstructed.</source>
      <translation>Imperial II, Bug auf die CR90: Die Schusslinie kreuzt ein Asteroidenfeld - versperrt.</translation>
    </message>
    <message>
      <source>Gladiator front at the Assault Frigate: the Raider is in the way - obstructed.</source>
      <translation>Gladiator, Bug auf die Angriffsfregatte: Die Raider ist im Weg - versperrt.</translation>
    </message>
    <message>
      <source>Victory II front at the Nebulon-B's rear: the line crosses its front hull zone - no line of sight.</source>
      <translation>Victory II, Bug auf das Heck der Nebulon-B: Die Linie kreuzt ihre Bug-Rumpfzone - keine Schusslinie.</translation>
    </message>
    <message>
      <source>Raider: speed 3 would end on the Assault Frigate, so it stops at speed 2; both ships take a facedown damage card.</source>
      <translation>Raider: Mit Geschwindigkeit 3 stünde sie auf der Angriffsfregatte, also bleibt sie bei Geschwindigkeit 2 stehen; beide Schiffe erhalten eine verdeckte Schadenskarte.</translation>
    </message>
    <message>
      <source>End of the sample round.</source>
      <translation>Ende der Beispielrunde.</translation>
    </message>
  </context>
  <context>
    <name>Dialogs</name>
    <message>
      <source>Player 1</source>
      <translation>Spieler 1</translation>
    </message>
    <message>
      <source>Player 2</source>
      <translation>Spieler 2</translation>
    </message>
    <message>
      <source>Class</source>
      <translation>Klasse</translation>
    </message>
    <message>
      <source>Player</source>
      <translation>Spieler</translation>
    </message>
    <message>
      <source>Import fleet list</source>
      <translation>Flottenliste importieren</translation>
    </message>
    <message>
      <source>Recognised: ships {ships}, squadrons {squadrons}.</source>
      <translation>Erkannt: Schiffe {ships}, Staffeln {squadrons}.</translation>
    </message>
    <message>
      <source>Assign piece {piece}</source>
      <translation>Figur {piece} zuordnen</translation>
    </message>
    <message>
      <source>Not in the catalog: {lines}</source>
      <translation>Nicht im Katalog: {lines}</translation>
    </message>
  </context>
  <context>
    <name>EmptyTable</name>
    <message>
      <source>Learned the empty table from {frames} frames.</source>
      <translation>Leeren Tisch aus {frames} Bildern gelernt.</translation>
    </message>
    <message>
      <source>Learned the empty table from {frames} frames, but {obstacles} shapes like obstacle tokens were seen: if tokens lay on the table, take them off and learn again.</source>
      <translation>Leeren Tisch aus {frames} Bildern gelernt, aber {obstacles} Formen wie Hindernismarker wurden gesehen: lagen Marker auf dem Tisch, nimm sie weg und lerne erneut.</translation>
    </message>
    <message>
      <source>Not learned: no picture came from the camera.</source>
      <translation>Nicht gelernt: von der Kamera kam kein Bild.</translation>
    </message>
    <message>
      <source>Not learned: the table is not calibrated (the table markers are not found).</source>
      <translation>Nicht gelernt: der Tisch ist nicht kalibriert (die Tischmarker werden nicht gefunden).</translation>
    </message>
    <message>
      <source>Not learned: piece detection is off in this window.</source>
      <translation>Nicht gelernt: die Figurenerkennung ist in diesem Fenster aus.</translation>
    </message>
    <message>
      <source>Not learned: only {seen} of the {total} table markers are in view. Is a hand or a piece over them?</source>
      <translation>Nicht gelernt: nur {seen} von {total} Tischmarkern sind zu sehen. Liegt eine Hand oder eine Figur darüber?</translation>
    </message>
    <message>
      <source>Not learned: the table was not still ({percent:.1f} % of it changed while learning). Keep hands off the table and try again.</source>
      <translation>Nicht gelernt: der Tisch war nicht ruhig ({percent:.1f} % änderten sich beim Lernen). Hände weg vom Tisch und noch einmal versuchen.</translation>
    </message>
    <message>
      <source>Not learned: the table is not empty (seen: ship bases {ships}, squadrons {squadrons}, hands {hands}; one at x {x_mm:.0f} mm, y {y_mm:.0f} mm). Clear the table and try again, or learn it anyway if it is empty.</source>
      <translation>Nicht gelernt: der Tisch ist nicht leer (gesehen: Schiffsbasen {ships}, Staffeln {squadrons}, Hände {hands}; eine bei x {x_mm:.0f} mm, y {y_mm:.0f} mm). Räume den Tisch ab und versuche es noch einmal, oder lerne trotzdem, wenn er leer ist.</translation>
    </message>
    <message>
      <source>Not learned: the frames are {w}x{h} px, the calibration is for {cw}x{ch} px.</source>
      <translation>Nicht gelernt: die Bilder haben {w}x{h} px, die Kalibrierung gilt für {cw}x{ch} px.</translation>
    </message>
    <message>
      <source>Saved for the next game: {path}</source>
      <translation>Für das nächste Spiel gespeichert: {path}</translation>
    </message>
    <message>
      <source>Used for this game, not saved: {reason}</source>
      <translation>Für dieses Spiel verwendet, nicht gespeichert: {reason}</translation>
    </message>
    <message>
      <source>The saved empty table {path} is ignored: it was learned at {w}x{h} px, the camera gives {fw}x{fh} px.</source>
      <translation>Der gespeicherte leere Tisch {path} wird nicht verwendet: er wurde bei {w}x{h} px gelernt, die Kamera liefert {fw}x{fh} px.</translation>
    </message>
    <message>
      <source>The saved empty table {path} is ignored: {file} changed since it was learned (calibrated again?).</source>
      <translation>Der gespeicherte leere Tisch {path} wird nicht verwendet: {file} hat sich seitdem geändert (neu kalibriert?).</translation>
    </message>
    <message>
      <source>The saved empty table {path} is ignored: {reason}.</source>
      <translation>Der gespeicherte leere Tisch {path} wird nicht verwendet: {reason}.</translation>
    </message>
    <message>
      <source>The empty table is not used: the camera's picture is {shift:.1f} px off it (the camera moved since it was learned?). Clear the table and learn it again.</source>
      <translation>Der leere Tisch wird nicht verwendet: das Kamerabild ist {shift:.1f} px gegen ihn verschoben (wurde die Kamera seit dem Lernen bewegt?). Räume den Tisch ab und lerne ihn noch einmal.</translation>
    </message>
    <message>
      <source>The empty table is not used: it does not match the camera's picture (the camera moved or looks elsewhere?). Clear the table and learn it again.</source>
      <translation>Der leere Tisch wird nicht verwendet: er passt nicht zum Kamerabild (wurde die Kamera bewegt oder zeigt sie woandershin?). Räume den Tisch ab und lerne ihn noch einmal.</translation>
    </message>
  </context>
  <context>
    <name>GamePanel</name>
    <message>
      <source> - the score decides the winner (RRG p.22)</source>
      <translation> - die Punktzahl entscheidet über den Sieg (RRG S. 22)</translation>
    </message>
    <message>
      <source>Player {p} activates a squadron: click it, then Activate; the second one follows once it is done.</source>
      <translation>Spieler {p} aktiviert eine Staffel: klicke sie an, dann Aktivieren; die zweite folgt, wenn sie fertig ist.</translation>
    </message>
    <message>
      <source>{ship}'s squadron command may still activate {n} squadron(s): click one, then Activate.</source>
      <translation>Das Staffel-Kommando von {ship} kann noch {n} Staffel(n) aktivieren: klicke eine an, dann Aktivieren.</translation>
    </message>
    <message>
      <source>Game</source>
      <translation>Spiel</translation>
    </message>
    <message>
      <source>Start game</source>
      <translation>Spiel beginnen</translation>
    </message>
    <message>
      <source>Next phase</source>
      <translation>Nächste Phase</translation>
    </message>
    <message>
      <source>Pass</source>
      <translation>Passen</translation>
    </message>
    <message>
      <source>The player to act spends a pass token instead of activating a ship (Ship Phase, RRG p.18)</source>
      <translation>Der Spieler am Zug gibt einen Passmarker aus, statt ein Schiff zu aktivieren (Schiffsphase, RRG S. 18)</translation>
    </message>
    <message>
      <source>none</source>
      <translation>keine</translation>
    </message>
    <message>
      <source>Assign dials...</source>
      <translation>Kommandoeinstellräder wählen ...</translation>
    </message>
    <message>
      <source>Activate</source>
      <translation>Aktivieren</translation>
    </message>
    <message>
      <source>End activation</source>
      <translation>Aktivierung beenden</translation>
    </message>
    <message>
      <source>Declare attack</source>
      <translation>Angriff ansagen</translation>
    </message>
    <message>
      <source>End attack</source>
      <translation>Angriff beenden</translation>
    </message>
    <message>
      <source>destroyed</source>
      <translation>zerstört</translation>
    </message>
    <message>
      <source>Setup</source>
      <translation>Aufbau</translation>
    </message>
    <message>
      <source>Command Phase</source>
      <translation>Kommandophase</translation>
    </message>
    <message>
      <source>Ship Phase</source>
      <translation>Schiffsphase</translation>
    </message>
    <message>
      <source>Squadron Phase</source>
      <translation>Staffelphase</translation>
    </message>
    <message>
      <source>Status Phase</source>
      <translation>Statusphase</translation>
    </message>
    <message>
      <source>Game over</source>
      <translation>Spielende</translation>
    </message>
    <message>
      <source> - player {p} wins: the other fleet has no ships left (RRG p.22)</source>
      <translation> - Spieler {p} gewinnt: die andere Flotte hat keine Schiffe mehr (RRG S. 22)</translation>
    </message>
    <message>
      <source>navigate</source>
      <translation>Navigieren</translation>
    </message>
    <message>
      <source>squadron</source>
      <translation>Staffel</translation>
    </message>
    <message>
      <source>repair</source>
      <translation>Reparieren</translation>
    </message>
    <message>
      <source>concentrate fire</source>
      <translation>Feuer konzentrieren</translation>
    </message>
    <message>
      <source>brace</source>
      <translation>Abstützen</translation>
    </message>
    <message>
      <source>redirect</source>
      <translation>Umleiten</translation>
    </message>
    <message>
      <source>evade</source>
      <translation>Ausweichen</translation>
    </message>
    <message>
      <source>scatter</source>
      <translation>Zerstreuen</translation>
    </message>
    <message>
      <source>contain</source>
      <translation>Eindämmen</translation>
    </message>
    <message>
      <source>salvo</source>
      <translation>Salve</translation>
    </message>
    <message>
      <source>readied</source>
      <translation>bereit</translation>
    </message>
    <message>
      <source>exhausted</source>
      <translation>erschöpft</translation>
    </message>
    <message>
      <source>discarded</source>
      <translation>abgelegt</translation>
    </message>
    <message>
      <source>Player {p} has activated one squadron this turn; the second one follows once the first is done.</source>
      <translation>Spieler {p} hat in diesem Zug eine Staffel aktiviert; die zweite folgt, wenn die erste fertig ist.</translation>
    </message>
    <message>
      <source>Player {p} activates their last squadron: click it, then Activate; then the turn passes.</source>
      <translation>Spieler {p} aktiviert seine letzte Staffel: klicke sie an, dann Aktivieren; danach ist der Zug vorbei.</translation>
    </message>
    <message>
      <source>{ship}'s squadron command has no unactivated squadron left to activate.</source>
      <translation>Das Staffel-Kommando von {ship} hat keine nicht aktivierte Staffel mehr zu aktivieren.</translation>
    </message>
    <message>
      <source>No game started. Assign every piece, then start.</source>
      <translation>Kein Spiel begonnen. Ordne jede Figur zu, dann beginne.</translation>
    </message>
    <message>
      <source>Dial to token</source>
      <translation>Einstellrad in Marker umwandeln</translation>
    </message>
    <message>
      <source>activating</source>
      <translation>wird aktiviert</translation>
    </message>
    <message>
      <source>{squadron} (player {player}): hull {hull}/{max}, {status}</source>
      <translation>{squadron} (Spieler {player}): Rumpf {hull}/{max}, {status}</translation>
    </message>
    <message>
      <source>Move</source>
      <translation>Bewegen</translation>
    </message>
    <message>
      <source>Command dials for {ship}</source>
      <translation>Kommandoeinstellräder für {ship}</translation>
    </message>
    <message>
      <source>{ship}: speed {speed}, hull {hull}/{max}
dials in stack: {dials}, revealed: {dial}
command tokens: {tokens}</source>
      <translation>{ship}: Geschwindigkeit {speed}, Rumpf {hull}/{max}
Einstellräder im Stapel: {dials}, aufgedeckt: {dial}
Kommandomarker: {tokens}</translation>
    </message>
    <message>
      <source>activated this round</source>
      <translation>in dieser Runde aktiviert</translation>
    </message>
    <message>
      <source>not activated yet</source>
      <translation>noch nicht aktiviert</translation>
    </message>
    <message>
      <source>Click before you move it: an engaged squadron cannot move (RRG p.6); in the Squadron Phase it moves or attacks (RRG p.20)</source>
      <translation>Vor dem Bewegen klicken: eine gebundene Staffel kann sich nicht bewegen (RRG S. 6); in der Staffelphase bewegt sie sich oder greift an (RRG S. 20)</translation>
    </message>
    <message>
      <source>Dial {n}</source>
      <translation>Einstellrad {n}</translation>
    </message>
    <message>
      <source>, player {p} to act</source>
      <translation>, Spieler {p} ist am Zug</translation>
    </message>
    <message>
      <source>Spend {c} dial</source>
      <translation>Einstellrad {c} ausgeben</translation>
    </message>
    <message>
      <source>Spend {c} token</source>
      <translation>Marker {c} ausgeben</translation>
    </message>
    <message>
      <source>Counter attack on {target}</source>
      <translation>Konterangriff auf {target}</translation>
    </message>
    <message>
      <source>Every squadron has activated.</source>
      <translation>Jede Staffel ist aktiviert worden.</translation>
    </message>
    <message>
      <source>Ending the activation now: {warning}</source>
      <translation>Jetzt die Aktivierung beenden: {warning}</translation>
    </message>
    <message>
      <source>Discard {c} token</source>
      <translation>Marker {c} ablegen</translation>
    </message>
    <message>
      <source>Note: {warning}</source>
      <translation>Hinweis: {warning}</translation>
    </message>
    <message>
      <source>Round {r} of {n}: {phase}</source>
      <translation>Runde {r} von {n}: {phase}</translation>
    </message>
    <message>
      <source>Click a ship to see its dials and tokens.</source>
      <translation>Klicke ein Schiff an, um seine Einstellräder und Marker zu sehen.</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Background: {file}</source>
      <translation>Hintergrund: {file}</translation>
    </message>
    <message>
      <source>Background: empty table saved {when}</source>
      <translation>Hintergrund: leerer Tisch, gespeichert {when}</translation>
    </message>
    <message>
      <source>Background: empty table learned {when}</source>
      <translation>Hintergrund: leerer Tisch, erlernt {when}</translation>
    </message>
    <message>
      <source>Background: estimated (Ctrl+E learns the empty table)</source>
      <translation>Hintergrund: geschätzt (Strg+E lernt den leeren Tisch)</translation>
    </message>
    <message>
      <source>Learning the empty table: keep hands off the table...</source>
      <translation>Lerne den leeren Tisch: Hände weg vom Tisch ...</translation>
    </message>
    <message>
      <source>Checking the empty table...</source>
      <translation>Prüfe den leeren Tisch ...</translation>
    </message>
    <message>
      <source>Learn the empty table</source>
      <translation>Leeren Tisch lernen</translation>
    </message>
    <message>
      <source>Not learned: {error}</source>
      <translation>Nicht gelernt: {error}</translation>
    </message>
    <message>
      <source>Learn it anyway</source>
      <translation>Trotzdem lernen</translation>
    </message>
    <message>
      <source>no calibration file (run --table or --camera)</source>
      <translation>keine Kalibrierungsdatei (run --table oder --camera)</translation>
    </message>
    <message>
      <source>Learning the empty table: frame {n} of {total}...</source>
      <translation>Lerne den leeren Tisch: Bild {n} von {total} ...</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>Spieltisch</translation>
    </message>
    <message>
      <source>Actions</source>
      <translation>Aktionen</translation>
    </message>
    <message>
      <source>Assign class...</source>
      <translation>Klasse zuordnen ...</translation>
    </message>
    <message>
      <source>Flip bow</source>
      <translation>Bug umdrehen</translation>
    </message>
    <message>
      <source>Delete piece</source>
      <translation>Figur löschen</translation>
    </message>
    <message>
      <source>Import fleet list...</source>
      <translation>Flottenliste importieren ...</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>Rückgängig</translation>
    </message>
    <message>
      <source>Follow the sample</source>
      <translation>Dem Beispiel folgen</translation>
    </message>
    <message>
      <source>Show the sample game's shots and moves as it plays</source>
      <translation>Schüsse und Bewegungen des Beispielspiels beim Abspielen zeigen</translation>
    </message>
    <message>
      <source>Learn the empty table now</source>
      <translation>Leeren Tisch jetzt lernen</translation>
    </message>
    <message>
      <source>Clear the table first: detection compares frames with it</source>
      <translation>Erst den Tisch abräumen: die Erkennung vergleicht jedes Bild damit</translation>
    </message>
    <message>
      <source>Settings</source>
      <translation>Einstellungen</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>Sprache</translation>
    </message>
    <message>
      <source>The language changes at the next start.</source>
      <translation>Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
      <source>({pieces}: not on the detected table, so not drawn)</source>
      <translation>({pieces}: nicht auf dem erkannten Spieltisch, daher nicht gezeichnet)</translation>
    </message>
    <message>
      <source>Overlay failed: {error}</source>
      <translation>Einblendung fehlgeschlagen: {error}</translation>
    </message>
    <message>
      <source>Margin: no piece near enough to change this result</source>
      <translation>Spielraum: keine Figur nahe genug, um dieses Ergebnis zu ändern</translation>
    </message>
    <message>
      <source>Not allowed</source>
      <translation>Nicht erlaubt</translation>
    </message>
    <message>
      <source>Margin: {mm:.1f} mm</source>
      <translation>Spielraum: {mm:.1f} mm</translation>
    </message>
    <message>
      <source>Click a piece first.</source>
      <translation>Klicke zuerst eine Figur an.</translation>
    </message>
    <message>
      <source>Nothing to undo.</source>
      <translation>Nichts rückgängig zu machen.</translation>
    </message>
    <message>
      <source>Choose an attacker and a defender first.</source>
      <translation>Wähle zuerst einen Angreifer und einen Verteidiger.</translation>
    </message>
    <message>
      <source>Ends on a gravity rift: speed dial set to 0</source>
      <translation>Endet auf einem Gravitationsriss: Geschwindigkeitsrad auf 0</translation>
    </message>
    <message>
      <source>Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg</source>
      <translation>Endposition: x {x:.0f} mm, y {y:.0f} mm, Ausrichtung {h:.0f}°</translation>
    </message>
    <message>
      <source>too close to call (below {unc:.1f} mm): check by hand</source>
      <translation>zu knapp für eine Aussage (unter {unc:.1f} mm): bitte von Hand prüfen</translation>
    </message>
    <message>
      <source>Done; note: {warning}</source>
      <translation>Erledigt; Hinweis: {warning}</translation>
    </message>
    <message>
      <source>Assign a class to every ship first: {ids}</source>
      <translation>Ordne zuerst jedem Schiff eine Klasse zu: {ids}</translation>
    </message>
    <message>
      <source>Overlap: {ships} take a facedown damage card</source>
      <translation>Überlappung: {ships} erhalten je eine verdeckte Schadenskarte</translation>
    </message>
    <message>
      <source>Squadrons displaced: {ids}</source>
      <translation>Verdrängte Staffeln: {ids}</translation>
    </message>
    <message>
      <source>Gravity rift at distance 1-2 ({ids}): speed {speed} reduced by one for this maneuver</source>
      <translation>Gravitationsriss auf Distanz 1-2 ({ids}): Geschwindigkeit {speed} für dieses Manöver um eins verringert</translation>
    </message>
    <message>
      <source>obstacle inside the setup area</source>
      <translation>Hindernis innerhalb des Aufbaubereichs</translation>
    </message>
    <message>
      <source>obstacle beyond distance 3 of the edges</source>
      <translation>Hindernis jenseits von Distanz 3 zu den Rändern</translation>
    </message>
    <message>
      <source>obstacle beyond distance 1 of the other obstacles</source>
      <translation>Hindernis jenseits von Distanz 1 zu den anderen Hindernissen</translation>
    </message>
    <message>
      <source>ship inside its deployment zone</source>
      <translation>Schiff innerhalb seiner Aufstellungszone</translation>
    </message>
    <message>
      <source>squadron within distance 2 of a friendly ship</source>
      <translation>Staffel innerhalb von Distanz 2 zu einem befreundeten Schiff</translation>
    </message>
    <message>
      <source>scout beyond distance 5 of enemy ships and squadrons</source>
      <translation>Späher jenseits von Distanz 5 zu feindlichen Schiffen und Staffeln</translation>
    </message>
    <message>
      <source>inside the setup area</source>
      <translation>innerhalb des Aufbaubereichs</translation>
    </message>
    <message>
      <source>Setup: every piece placed legally</source>
      <translation>Aufbau: jede Figur regelgerecht platziert</translation>
    </message>
    <message>
      <source>Setup (RRG p.16): {n} broken, {m} too close to call: {ids}</source>
      <translation>Aufbau (RRG S. 16): {n} verletzt, {m} zu knapp für eine Aussage: {ids}</translation>
    </message>
    <message>
      <source>Connecting to the camera...</source>
      <translation>Verbindung zur Kamera ...</translation>
    </message>
    <message>
      <source>Live</source>
      <translation>Live</translation>
    </message>
    <message>
      <source>{piece} breaks: {rule} ({mm:.1f} mm off)</source>
      <translation>{piece} verletzt: {rule} ({mm:.1f} mm daneben)</translation>
    </message>
    <message>
      <source>{piece} too close to call: {rule} ({mm:.1f} mm from the line)</source>
      <translation>{piece} zu knapp für eine Aussage: {rule} ({mm:.1f} mm von der Linie)</translation>
    </message>
    <message>
      <source>Ruleset: {name}</source>
      <translation>Regelwerk: {name}</translation>
    </message>
    <message>
      <source>Camera {name} not available: reconnecting in {s:.0f} s</source>
      <translation>Kamera {name} nicht verfügbar: neuer Versuch in {s:.0f} s</translation>
    </message>
    <message>
      <source>Source ended</source>
      <translation>Quelle beendet</translation>
    </message>
    <message>
      <source>Calibration: {what}</source>
      <translation>Kalibrierung: {what}</translation>
    </message>
    <message>
      <source>Recording stopped: the disk is full ({path}). The game goes on unrecorded; the events before are kept. To record again, free space and start with a new --log FILE.</source>
      <translation>Aufzeichnung gestoppt: Der Datenträger ist voll ({path}). Das Spiel geht ohne Aufzeichnung weiter; die Ereignisse davor bleiben erhalten. Um wieder aufzuzeichnen, Platz schaffen und mit einem neuen --log DATEI starten.</translation>
    </message>
    <message>
      <source>Recording stopped: the game log cannot be written ({error}). The game goes on unrecorded; the events before are kept.</source>
      <translation>Aufzeichnung gestoppt: Das Spielprotokoll kann nicht geschrieben werden ({error}). Das Spiel geht ohne Aufzeichnung weiter; die Ereignisse davor bleiben erhalten.</translation>
    </message>
    <message>
      <source>Overlays {s:.1f} s behind the video</source>
      <translation>Einblendungen {s:.1f} s hinter dem Video</translation>
    </message>
    <message>
      <source>{piece} breaks: {rule} (its player has no ship)</source>
      <translation>{piece} verletzt: {rule} (sein Spieler hat kein Schiff)</translation>
    </message>
    <message>
      <source>Scene: {what}</source>
      <translation>Szene: {what}</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms; overlays {lag:.1f} s behind)</source>
      <translation>{fps:.1f} Bilder/s (Kamera {cam:.1f}, verarbeitet {rate:.1f}, {ms:.0f} ms; Einblendungen {lag:.1f} s zurück)</translation>
    </message>
    <message>
      <source>No overlays yet: the first frame is being processed ({s:.0f} s)</source>
      <translation>Noch keine Einblendungen: das erste Bild wird verarbeitet ({s:.0f} s)</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f}, processed {rate:.1f}, {ms:.0f} ms)</source>
      <translation>{fps:.1f} Bilder/s (Kamera {cam:.1f}, verarbeitet {rate:.1f}, {ms:.0f} ms)</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f})</source>
      <translation>{fps:.1f} Bilder/s (Kamera {cam:.1f})</translation>
    </message>
  </context>
  <context>
    <name>Overlay</name>
    <message>
      <source>too close to call ({margin:.1f} mm)</source>
      <translation>zu knapp für eine Aussage ({margin:.1f} mm)</translation>
    </message>
    <message>
      <source>overlap: a facedown damage card each for {ships}</source>
      <translation>Überlappung: je eine verdeckte Schadenskarte für {ships}</translation>
    </message>
    <message>
      <source>{squadron} displaced</source>
      <translation>{squadron} verdrängt</translation>
    </message>
    <message>
      <source>Bases</source>
      <translation>Basen</translation>
    </message>
    <message>
      <source>Hull zones</source>
      <translation>Rumpfzonen</translation>
    </message>
    <message>
      <source>Targeting points</source>
      <translation>Zielpunkte</translation>
    </message>
    <message>
      <source>Firing arc</source>
      <translation>Feuerwinkel</translation>
    </message>
    <message>
      <source>Range bands</source>
      <translation>Reichweiten</translation>
    </message>
    <message>
      <source>Line of sight</source>
      <translation>Schusslinie</translation>
    </message>
    <message>
      <source>Squadron distance 1 and engagement</source>
      <translation>Staffel-Distanz 1 und Bindung</translation>
    </message>
    <message>
      <source>Maneuver tool</source>
      <translation>Manöverschablone</translation>
    </message>
    <message>
      <source>Notes on the picture</source>
      <translation>Hinweise im Bild</translation>
    </message>
    <message>
      <source>The maneuver tool and final position of the move set in Maneuver preview (or the sample game's move)</source>
      <translation>Manöverschablone und Endposition des in der Manövervorschau eingestellten Zugs (oder des Zugs der Beispielpartie)</translation>
    </message>
    <message>
      <source>Text on the picture: pieces not yet recognised (unknown small ship...), too close to call, overlaps and displaced squadrons</source>
      <translation>Text im Bild: noch nicht erkannte Figuren (unbekanntes Schiff (klein)...), zu knapp für eine Aussage, Überlappungen und verdrängte Staffeln</translation>
    </message>
    <message>
      <source>close range: red, blue and black dice</source>
      <translation>kurze Reichweite: rote, blaue und schwarze Würfel</translation>
    </message>
    <message>
      <source>medium range: red and blue dice</source>
      <translation>mittlere Reichweite: rote und blaue Würfel</translation>
    </message>
    <message>
      <source>long range: red dice</source>
      <translation>große Reichweite: rote Würfel</translation>
    </message>
    <message>
      <source>line of sight clear</source>
      <translation>Schusslinie frei</translation>
    </message>
    <message>
      <source>obstructed (remove one die)</source>
      <translation>versperrt (einen Würfel entfernen)</translation>
    </message>
    <message>
      <source>no line of sight (blocked by a hull zone)</source>
      <translation>keine Schusslinie (durch eine Rumpfzone blockiert)</translation>
    </message>
    <message>
      <source>out of arc or range</source>
      <translation>außerhalb von Feuerwinkel oder Reichweite</translation>
    </message>
    <message>
      <source>too close to call</source>
      <translation>zu knapp für eine Aussage</translation>
    </message>
    <message>
      <source>squadron distance 1</source>
      <translation>Staffel-Distanz 1</translation>
    </message>
    <message>
      <source>engaged squadrons</source>
      <translation>gebundene Staffeln</translation>
    </message>
    <message>
      <source>maneuver tool and final position</source>
      <translation>Manöverschablone und Endposition</translation>
    </message>
    <message>
      <source>overlap: ship takes damage</source>
      <translation>Überlappung: Schiff nimmt Schaden</translation>
    </message>
    <message>
      <source>unknown {size} ship</source>
      <translation>unbekanntes Schiff ({size})</translation>
    </message>
  </context>
  <context>
    <name>Panels</name>
    <message>
      <source>Legend</source>
      <translation>Legende</translation>
    </message>
    <message>
      <source>no</source>
      <translation>nein</translation>
    </message>
    <message>
      <source>front</source>
      <translation>Bug</translation>
    </message>
    <message>
      <source>left</source>
      <translation>Backbord</translation>
    </message>
    <message>
      <source>right</source>
      <translation>Steuerbord</translation>
    </message>
    <message>
      <source>rear</source>
      <translation>Heck</translation>
    </message>
    <message>
      <source>left auxiliary</source>
      <translation>Backbord-Hilfszone</translation>
    </message>
    <message>
      <source>right auxiliary</source>
      <translation>Steuerbord-Hilfszone</translation>
    </message>
    <message>
      <source>close</source>
      <translation>kurz</translation>
    </message>
    <message>
      <source>medium</source>
      <translation>mittel</translation>
    </message>
    <message>
      <source>long</source>
      <translation>lang</translation>
    </message>
    <message>
      <source>beyond long range</source>
      <translation>jenseits großer Reichweite</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>ja</translation>
    </message>
    <message>
      <source>no: engaged (RRG p.6; heavy and escort p.21)</source>
      <translation>nein: gebunden (RRG S. 6; Schwer und Eskorte S. 21)</translation>
    </message>
    <message>
      <source>red</source>
      <translation>rot</translation>
    </message>
    <message>
      <source>blue</source>
      <translation>blau</translation>
    </message>
    <message>
      <source>black</source>
      <translation>schwarz</translation>
    </message>
    <message>
      <source>none</source>
      <translation>keine</translation>
    </message>
    <message>
      <source>Click a ship's hull zone to choose the attacker, then an enemy ship or squadron to see the attack check.</source>
      <translation>Klicke die Rumpfzone eines Schiffs an, um den Angreifer zu wählen, dann ein feindliches Schiff oder eine Staffel, um die Angriffsprüfung zu sehen.</translation>
    </message>
    <message>
      <source>Attacker</source>
      <translation>Angreifer</translation>
    </message>
    <message>
      <source>Defender</source>
      <translation>Verteidiger</translation>
    </message>
    <message>
      <source>In firing arc</source>
      <translation>Im Feuerwinkel</translation>
    </message>
    <message>
      <source>Range</source>
      <translation>Reichweite</translation>
    </message>
    <message>
      <source>Line of sight</source>
      <translation>Schusslinie</translation>
    </message>
    <message>
      <source>Obstructed</source>
      <translation>Versperrt</translation>
    </message>
    <message>
      <source>Dice</source>
      <translation>Würfel</translation>
    </message>
    <message>
      <source>Attack possible</source>
      <translation>Angriff möglich</translation>
    </message>
    <message>
      <source>Attack check</source>
      <translation>Angriffsprüfung</translation>
    </message>
    <message>
      <source>Overlays</source>
      <translation>Einblendungen</translation>
    </message>
    <message>
      <source>Too close to call below</source>
      <translation>Zu knapp unter</translation>
    </message>
    <message>
      <source>Maneuver preview</source>
      <translation>Manövervorschau</translation>
    </message>
    <message>
      <source>Check to preview a move of the selected ship at this speed and these yaw clicks; Execute logs it</source>
      <translation>Ankreuzen, um einen Zug des gewählten Schiffs mit dieser Geschwindigkeit und diesen Klicks vorzuschauen; Ausführen protokolliert ihn</translation>
    </message>
    <message>
      <source>Yaw clicks per joint, one whole number each, separated by semicolons or commas; positive turns to port</source>
      <translation>Klicks pro Gelenk, je eine ganze Zahl, getrennt durch Semikolon oder Komma (0; 1 oder 0,1); positiv dreht nach backbord</translation>
    </message>
    <message>
      <source>Speed</source>
      <translation>Geschwindigkeit</translation>
    </message>
    <message>
      <source>Yaw clicks</source>
      <translation>Klicks</translation>
    </message>
    <message>
      <source>Preview</source>
      <translation>Vorschau</translation>
    </message>
    <message>
      <source>Execute</source>
      <translation>Ausführen</translation>
    </message>
    <message>
      <source>Log this maneuver and the damage from its overlaps</source>
      <translation>Dieses Manöver und den Schaden durch Überlappungen protokollieren</translation>
    </message>
    <message>
      <source>Blocked by hull zone</source>
      <translation>Blockiert durch Rumpfzone</translation>
    </message>
    <message>
      <source>Margin</source>
      <translation>Spielraum</translation>
    </message>
    <message>
      <source>Too close to call: the margin ({margin:.1f} mm) is below the measurement uncertainty ({unc:.1f} mm). Measure by hand.</source>
      <translation>Zu knapp für eine Aussage: Der Spielraum ({margin:.1f} mm) liegt unter der Messunsicherheit ({unc:.1f} mm). Bitte von Hand messen.</translation>
    </message>
    <message>
      <source>(obstructed: the attacker removes one of them, {n} left)</source>
      <translation>(versperrt: der Angreifer entfernt einen davon, übrig: {n})</translation>
    </message>
  </context>
  <context>
    <name>Pipeline</name>
    <message>
      <source>detected</source>
      <translation>erkannt</translation>
    </message>
    <message>
      <source>sample's ground truth</source>
      <translation>Sollwerte des Beispiels</translation>
    </message>
    <message>
      <source>sample's ground truth (detection not installed)</source>
      <translation>Sollwerte des Beispiels (Erkennung nicht installiert)</translation>
    </message>
    <message>
      <source>no detection</source>
      <translation>keine Erkennung</translation>
    </message>
    <message>
      <source>loaded scene</source>
      <translation>geladene Szene</translation>
    </message>
    <message>
      <source>no calibration</source>
      <translation>keine Kalibrierung</translation>
    </message>
    <message>
      <source>manual corners: lower accuracy</source>
      <translation>Ecken von Hand: geringere Genauigkeit</translation>
    </message>
    <message>
      <source>exact (synthetic camera)</source>
      <translation>exakt (synthetische Kamera)</translation>
    </message>
    <message>
      <source>reprojection {mm:.2f} mm</source>
      <translation>Reprojektion {mm:.2f} mm</translation>
    </message>
    <message>
      <source>table markers</source>
      <translation>Tischmarker</translation>
    </message>
    <message>
      <source>table markers not found</source>
      <translation>Tischmarker nicht gefunden</translation>
    </message>
  </context>
  <context>
    <name>Replay</name>
    <message>
      <source>Previous event</source>
      <translation>Vorheriges Ereignis</translation>
    </message>
    <message>
      <source>Next event</source>
      <translation>Nächstes Ereignis</translation>
    </message>
    <message>
      <source>Replay</source>
      <translation>Wiedergabe</translation>
    </message>
    <message>
      <source>This game has no events.</source>
      <translation>Dieses Spiel hat keine Ereignisse.</translation>
    </message>
    <message>
      <source>Event {i} of {n}: {text}</source>
      <translation>Ereignis {i} von {n}: {text}</translation>
    </message>
    <message>
      <source>replay</source>
      <translation>Wiedergabe</translation>
    </message>
    <message>
      <source>Not applied to the game (the log keeps it): {reason}</source>
      <translation>Nicht ins Spiel übernommen (das Protokoll behält es): {reason}</translation>
    </message>
    <message>
      <source>Picture: the table at event {k} (the last photo before this event); the overlays show event {i}</source>
      <translation>Bild: der Tisch bei Ereignis {k} (das letzte Foto vor diesem Ereignis); die Einblendungen zeigen Ereignis {i}</translation>
    </message>
    <message>
      <source>Note: {reason}</source>
      <translation>Hinweis: {reason}</translation>
    </message>
  </context>
  <context>
    <name>Report</name>
    <message>
      <source>Table changed</source>
      <translation>Spieltisch geändert</translation>
    </message>
    <message>
      <source>close range</source>
      <translation>kurze Reichweite</translation>
    </message>
    <message>
      <source>medium range</source>
      <translation>mittlere Reichweite</translation>
    </message>
    <message>
      <source>long range</source>
      <translation>große Reichweite</translation>
    </message>
    <message>
      <source>extreme range</source>
      <translation>jenseits großer Reichweite</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender} at {range} at distance {distance}</source>
      <translation>{attacker} greift {defender} an, {range}, Distanz {distance}</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token}</source>
      <translation>{ship} gibt Verteidigungsmarker #{token} aus</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token}, redirecting to {zone}</source>
      <translation>{ship} gibt Verteidigungsmarker #{token} aus, Schaden umgeleitet auf {zone}</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token} (one more die; token discarded)</source>
      <translation>{ship} gibt Verteidigungsmarker #{token} aus (ein Würfel mehr; Marker abgelegt)</translation>
    </message>
    <message>
      <source>{ship} spends defense token #{token}, redirecting to {zone} (one more die; token discarded)</source>
      <translation>{ship} gibt Verteidigungsmarker #{token} aus, Schaden umgeleitet auf {zone} (ein Würfel mehr; Marker abgelegt)</translation>
    </message>
    <message>
      <source>Note: undo</source>
      <translation>Notiz: rückgängig gemacht</translation>
    </message>
    <message>
      <source>sample game</source>
      <translation>Beispielspiel</translation>
    </message>
    <message>
      <source>Attack check viewed</source>
      <translation>Angriffsprüfung angesehen</translation>
    </message>
    <message>
      <source>Next phase</source>
      <translation>Nächste Phase</translation>
    </message>
    <message>
      <source>Attack resolved</source>
      <translation>Angriff abgehandelt</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender} at {range}</source>
      <translation>{attacker} greift {defender} an, {range}</translation>
    </message>
    <message>
      <source>{target} takes {damage}</source>
      <translation>{target} erleidet: {damage}</translation>
    </message>
    <message>
      <source>Note: calibration</source>
      <translation>Notiz: Kalibrierung</translation>
    </message>
    <message>
      <source>Note: empty table learned</source>
      <translation>Notiz: leerer Tisch gelernt</translation>
    </message>
    <message>
      <source>Note: setup</source>
      <translation>Notiz: Aufbau</translation>
    </message>
    <message>
      <source>Note: squadrons moved</source>
      <translation>Notiz: Staffeln bewegt</translation>
    </message>
    <message>
      <source>Note: end</source>
      <translation>Notiz: Ende</translation>
    </message>
    <message>
      <source>Note: {text}</source>
      <translation>Notiz: {text}</translation>
    </message>
    <message>
      <source>not in arc</source>
      <translation>nicht im Feuerwinkel</translation>
    </message>
    <message>
      <source>Check: {attacker} -&gt; {defender}</source>
      <translation>Prüfung: {attacker} -&gt; {defender}</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed}</source>
      <translation>{ship} fliegt mit Geschwindigkeit {speed}</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed} (yaw {yaw})</source>
      <translation>{ship} fliegt mit Geschwindigkeit {speed} (Klicks {yaw})</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed}, executed at speed {executed}</source>
      <translation>{ship} fliegt mit Geschwindigkeit {speed}, ausgeführt mit Geschwindigkeit {executed}</translation>
    </message>
    <message>
      <source>{ship} moves at speed {speed} (yaw {yaw}), executed at speed {executed}</source>
      <translation>{ship} fliegt mit Geschwindigkeit {speed} (Klicks {yaw}), ausgeführt mit Geschwindigkeit {executed}</translation>
    </message>
    <message>
      <source>destroyed (outside the play area)</source>
      <translation>zerstört (außerhalb der Spielfläche)</translation>
    </message>
    <message>
      <source>{band} range</source>
      <translation>Reichweite {band}</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender} at distance {distance}</source>
      <translation>{attacker} greift {defender} an, Distanz {distance}</translation>
    </message>
    <message>
      <source>{attacker} attacks {defender}</source>
      <translation>{attacker} greift {defender} an</translation>
    </message>
    <message>
      <source>Note: fleet list imported for player {player}</source>
      <translation>Notiz: Flottenliste für Spieler {player} importiert</translation>
    </message>
    <message>
      <source>live: {source}</source>
      <translation>Live: {source}</translation>
    </message>
    <message>
      <source>valid</source>
      <translation>gültig</translation>
    </message>
    <message>
      <source>not a valid attack</source>
      <translation>kein gültiger Angriff</translation>
    </message>
    <message>
      <source>Check: {attacker} -&gt; {defender}: {verdict}</source>
      <translation>Prüfung: {attacker} -&gt; {defender}: {verdict}</translation>
    </message>
    <message>
      <source>{ship} executes a maneuver</source>
      <translation>{ship} führt ein Manöver aus</translation>
    </message>
    <message>
      <source>Game started; player {first_player} has the initiative, {rounds} rounds ({ruleset})</source>
      <translation>Spiel begonnen; Spieler {first_player} hat die Initiative, {rounds} Runden ({ruleset})</translation>
    </message>
    <message>
      <source>Player {player} deploys {ship} ({ship_class}), speed {speed}</source>
      <translation>Spieler {player} stellt {ship} ({ship_class}) auf, Geschwindigkeit {speed}</translation>
    </message>
    <message>
      <source>Player {player} deploys {squadron} ({squadron_class})</source>
      <translation>Spieler {player} stellt {squadron} ({squadron_class}) auf</translation>
    </message>
    <message>
      <source>{ship} activates</source>
      <translation>{ship} wird aktiviert</translation>
    </message>
    <message>
      <source>{ship} ends its activation</source>
      <translation>{ship} beendet die Aktivierung</translation>
    </message>
    <message>
      <source>Player {player} spends a pass token</source>
      <translation>Spieler {player} gibt einen Passen-Marker aus</translation>
    </message>
    <message>
      <source>Squadrons activate: {squadrons}</source>
      <translation>Staffeln werden aktiviert: {squadrons}</translation>
    </message>
    <message>
      <source>{squadron} moves</source>
      <translation>{squadron} bewegt sich</translation>
    </message>
    <message>
      <source>{ship} changes speed to {speed}</source>
      <translation>{ship} ändert die Geschwindigkeit auf {speed}</translation>
    </message>
    <message>
      <source>Accuracy locks defense token #{token}</source>
      <translation>Präzision sperrt Verteidigungsmarker #{token}</translation>
    </message>
    <message>
      <source>{ship} gets {count} command dial(s)</source>
      <translation>{ship} erhält Kommandoeinstellräder: {count}</translation>
    </message>
    <message>
      <source>{ship} converts its dial into a token</source>
      <translation>{ship} wandelt das Kommandoeinstellrad in einen Kommandomarker um</translation>
    </message>
    <message>
      <source>{ship} gains a {command} token</source>
      <translation>{ship} erhält einen Kommandomarker {command}</translation>
    </message>
    <message>
      <source>{ship} discards a {command} token</source>
      <translation>{ship} legt einen Kommandomarker {command} ab</translation>
    </message>
    <message>
      <source>{ship} resolves {command} ({spent})</source>
      <translation>{ship} handelt {command} ab ({spent})</translation>
    </message>
    <message>
      <source>{ship} repairs: {repair}</source>
      <translation>{ship} repariert: {repair}</translation>
    </message>
    <message>
      <source>{count} shield(s) on {zone}</source>
      <translation>Schilde ({zone}): {count}</translation>
    </message>
    <message>
      <source>{count} facedown card(s)</source>
      <translation>verdeckte Schadenskarten: {count}</translation>
    </message>
    <message>
      <source>{count} faceup card(s)</source>
      <translation>offene Schadenskarten: {count}</translation>
    </message>
    <message>
      <source>{count} damage</source>
      <translation>Schaden: {count}</translation>
    </message>
    <message>
      <source>{piece} seen at x {x} mm, y {y} mm</source>
      <translation>{piece} erkannt bei x {x} mm, y {y} mm</translation>
    </message>
    <message>
      <source>{piece} moved to x {x} mm, y {y} mm</source>
      <translation>{piece} bewegt nach x {x} mm, y {y} mm</translation>
    </message>
    <message>
      <source>{piece} no longer on the table</source>
      <translation>{piece} nicht mehr auf dem Tisch</translation>
    </message>
    <message>
      <source>{piece} assigned {piece_class}, player {player}</source>
      <translation>{piece} zugeordnet: {piece_class}, Spieler {player}</translation>
    </message>
    <message>
      <source>bow of {piece} flipped</source>
      <translation>Bug von {piece} umgedreht</translation>
    </message>
    <message>
      <source>{piece} deleted</source>
      <translation>{piece} gelöscht</translation>
    </message>
    <message>
      <source>{pieces} pieces detected</source>
      <translation>{pieces} Figuren erkannt</translation>
    </message>
    <message>
      <source>{pieces} pieces loaded from a scene file</source>
      <translation>{pieces} Figuren aus einer Szenendatei geladen</translation>
    </message>
    <message>
      <source>no line of sight (blocked by {zone})</source>
      <translation>keine Schusslinie (blockiert durch {zone})</translation>
    </message>
    <message>
      <source>obstructed by {pieces}</source>
      <translation>versperrt durch {pieces}</translation>
    </message>
    <message>
      <source>overlaps {ships}</source>
      <translation>überlappt {ships}</translation>
    </message>
    <message>
      <source>squadrons displaced: {ids}</source>
      <translation>verdrängte Staffeln: {ids}</translation>
    </message>
    <message>
      <source>on obstacle {ids}</source>
      <translation>auf Hindernis {ids}</translation>
    </message>
    <message>
      <source>{target} is destroyed ({reason})</source>
      <translation>{target} ist zerstört ({reason})</translation>
    </message>
    <message>
      <source>{target} is destroyed</source>
      <translation>{target} ist zerstört</translation>
    </message>
    <message>
      <source>dial</source>
      <translation>Einstellrad</translation>
    </message>
    <message>
      <source>token</source>
      <translation>Marker</translation>
    </message>
    <message>
      <source>Started {time}; {count} events. Written by armada-vision.</source>
      <translation>Begonnen {time}; {count} Ereignisse. Erstellt mit armada-vision.</translation>
    </message>
    <message>
      <source>ship</source>
      <translation>Schiff</translation>
    </message>
    <message>
      <source>player</source>
      <translation>Spieler</translation>
    </message>
    <message>
      <source>hull</source>
      <translation>Rumpf</translation>
    </message>
    <message>
      <source>shields</source>
      <translation>Schilde</translation>
    </message>
    <message>
      <source>defense tokens</source>
      <translation>Verteidigungsmarker</translation>
    </message>
    <message>
      <source>command tokens</source>
      <translation>Kommandomarker</translation>
    </message>
    <message>
      <source>readied</source>
      <translation>bereit</translation>
    </message>
    <message>
      <source>exhausted</source>
      <translation>erschöpft</translation>
    </message>
    <message>
      <source>discarded</source>
      <translation>abgelegt</translation>
    </message>
    <message>
      <source>destroyed</source>
      <translation>zerstört</translation>
    </message>
    <message>
      <source>Game {id}</source>
      <translation>Spiel {id}</translation>
    </message>
    <message>
      <source>Final state</source>
      <translation>Endstand</translation>
    </message>
    <message>
      <source>Not applied to the game (the log keeps it): {reason}</source>
      <translation>Nicht ins Spiel übernommen (das Protokoll behält es): {reason}</translation>
    </message>
    <message>
      <source>Note: {reason}</source>
      <translation>Hinweis: {reason}</translation>
    </message>
    <message>
      <source>Round {round}, {phase}.</source>
      <translation>Runde {round}, {phase}.</translation>
    </message>
    <message>
      <source>table at event {seq}</source>
      <translation>Spieltisch bei Ereignis {seq}</translation>
    </message>
    <message>
      <source>data</source>
      <translation>Daten</translation>
    </message>
    <message>
      <source>Round {round}</source>
      <translation>Runde {round}</translation>
    </message>
  </context>
  <context>
    <name>Rules</name>
    <message>
      <source>(RRG p.{page})</source>
      <translation>(RRG S. {page})</translation>
    </message>
    <message>
      <source>the ship has no hull zone {zone!r}</source>
      <translation>das Schiff hat keine Rumpfzone {zone!r}</translation>
    </message>
    <message>
      <source>redirect goes only to a hull zone adjacent to the defending {zone} zone ({zones}), not {to_zone}</source>
      <translation>Umleiten geht nur in eine Rumpfzone neben der verteidigenden Rumpfzone {zone} ({zones}), nicht {to_zone}</translation>
    </message>
    <message>
      <source>redirect may move at most the {zone} zone's remaining shields ({cap}) of {damage} damage, not {amount}</source>
      <translation>Umleiten darf von {damage} Schaden höchstens so viel umleiten, wie die Rumpfzone {zone} noch Schilde hat ({cap}), nicht {amount}</translation>
    </message>
    <message>
      <source>unknown repair effect {action!r} (one of {actions})</source>
      <translation>unbekannter Reparatureffekt {action!r} (einer von: {actions})</translation>
    </message>
    <message>
      <source>ending {ship}'s activation ends that of {squadrons}, activated by its squadron command, before it attacked</source>
      <translation>das Ende der Aktivierung von {ship} beendet die von {squadrons}, durch sein Staffel-Kommando aktiviert, bevor sie angegriffen hat</translation>
    </message>
    <message>
      <source>ending {ship}'s activation ends that of {squadrons}, activated by its squadron command, before they attacked</source>
      <translation>das Ende der Aktivierung von {ship} beendet die von {squadrons}, durch sein Staffel-Kommando aktiviert, bevor sie angegriffen haben</translation>
    </message>
    <message>
      <source>after this, {squadrons}, activated by {ship}'s squadron command, can no longer attack (it has not attacked yet)</source>
      <translation>danach kann {squadrons}, durch das Staffel-Kommando von {ship} aktiviert, nicht mehr angreifen (sie hat noch nicht angegriffen)</translation>
    </message>
    <message>
      <source>after this, {squadrons}, activated by {ship}'s squadron command, can no longer attack (they have not attacked yet)</source>
      <translation>danach können {squadrons}, durch das Staffel-Kommando von {ship} aktiviert, nicht mehr angreifen (sie haben noch nicht angegriffen)</translation>
    </message>
    <message>
      <source>ended its move partly outside the play area</source>
      <translation>hat die Bewegung teilweise außerhalb der Spielfläche beendet</translation>
    </message>
    <message>
      <source>{ship} has {have} of {value}</source>
      <translation>{ship} hat {have} von {value}</translation>
    </message>
    <message>
      <source>every ship's dial stack must be topped up to its command value: {ships}</source>
      <translation>jeder Stapel Kommandoeinstellräder muss bis zum Kommandowert des Schiffs aufgefüllt sein: {ships}</translation>
    </message>
    <message>
      <source>{ship} is still activating</source>
      <translation>{ship} wird noch aktiviert</translation>
    </message>
    <message>
      <source>every ship activates in the Ship Phase; still to activate: {ids}</source>
      <translation>in der Schiffsphase wird jedes Schiff aktiviert; noch zu aktivieren: {ids}</translation>
    </message>
    <message>
      <source>every squadron activates in the Squadron Phase; still to activate: {ids}</source>
      <translation>in der Staffelphase wird jede Staffel aktiviert; noch zu aktivieren: {ids}</translation>
    </message>
    <message>
      <source>the game is over</source>
      <translation>das Spiel ist vorbei</translation>
    </message>
    <message>
      <source>an attack by {attacker} is still being resolved</source>
      <translation>ein Angriff von {attacker} wird noch abgehandelt</translation>
    </message>
    <message>
      <source>no ship or squadron {piece!r} in this game</source>
      <translation>kein Schiff und keine Staffel {piece!r} in diesem Spiel</translation>
    </message>
    <message>
      <source>attacks happen in the Ship and Squadron Phases</source>
      <translation>angegriffen wird in der Schiffs- und der Staffelphase</translation>
    </message>
    <message>
      <source>{piece} is destroyed</source>
      <translation>{piece} ist zerstört</translation>
    </message>
    <message>
      <source>a ship or squadron attacks only enemy ships and squadrons</source>
      <translation>Schiffe und Staffeln greifen nur feindliche Schiffe und Staffeln an</translation>
    </message>
    <message>
      <source>unknown range band {band!r}</source>
      <translation>unbekannte Reichweite {band!r}</translation>
    </message>
    <message>
      <source>distance bands are 1..5, not {band}</source>
      <translation>Distanzen sind 1..5, nicht {band}</translation>
    </message>
    <message>
      <source>an attack on a ship names one of its hull zones ({zones}), not {zone!r}</source>
      <translation>ein Angriff auf ein Schiff nennt eine seiner Rumpfzonen ({zones}), nicht {zone!r}</translation>
    </message>
    <message>
      <source>a salvo attack follows right after an attack in which the defending ship spent a salvo token (not after a salvo attack)</source>
      <translation>ein Salvenangriff folgt direkt auf einen Angriff, in dem das verteidigende Schiff einen Salvenmarker ausgegeben hat (nicht auf einen Salvenangriff)</translation>
    </message>
    <message>
      <source>the salvo attack is by {ship} against the attacker {target}</source>
      <translation>den Salvenangriff führt {ship} gegen den Angreifer {target} aus</translation>
    </message>
    <message>
      <source>the salvo attack is by {ship} against the attacking {zone} zone of {target}</source>
      <translation>den Salvenangriff führt {ship} gegen die angreifende Rumpfzone {zone} von {target} aus</translation>
    </message>
    <message>
      <source>a salvo attack has the attack range of the original attack ({band})</source>
      <translation>ein Salvenangriff hat die Angriffsreichweite des ursprünglichen Angriffs ({band})</translation>
    </message>
    <message>
      <source>{squadron} has no Counter: only a squadron with the Counter keyword counter attacks</source>
      <translation>{squadron} hat kein Konter: nur eine Staffel mit dem Schlüsselwort Konter führt einen Konterangriff aus</translation>
    </message>
    <message>
      <source>a counter attack comes right after an enemy squadron's attack on the squadron, before any other attack or activation; a counter attack is not countered</source>
      <translation>ein Konterangriff folgt direkt auf den Angriff einer feindlichen Staffel auf die Staffel, vor jedem anderen Angriff und jeder Aktivierung; auf einen Konterangriff folgt kein Konterangriff</translation>
    </message>
    <message>
      <source>the counter attack is by {squadron} against the squadron {target} that has just attacked it</source>
      <translation>den Konterangriff führt {squadron} gegen die Staffel {target} aus, die sie gerade angegriffen hat</translation>
    </message>
    <message>
      <source>{squadron} has already attacked during this activation: a squadron attacks once per activation</source>
      <translation>{squadron} hat in dieser Aktivierung schon angegriffen: eine Staffel greift einmal pro Aktivierung an</translation>
    </message>
    <message>
      <source>in the Ship Phase a squadron attacks only when the active ship's squadron command activates it ({squadron} is not activated by it)</source>
      <translation>in der Schiffsphase greift eine Staffel nur an, wenn das Staffel-Kommando des aktivierten Schiffs sie aktiviert ({squadron} wurde nicht durch es aktiviert)</translation>
    </message>
    <message>
      <source>a squadron attacks during its own activation: {squadron} is not activating (in the Squadron Phase, name it in the squadrons activated first)</source>
      <translation>eine Staffel greift während ihrer eigenen Aktivierung an: {squadron} wird nicht aktiviert (in der Staffelphase zuerst unter den aktivierten Staffeln nennen)</translation>
    </message>
    <message>
      <source>a ship attacks during its own activation in the Ship Phase ({ship} is not activating; a salvo counter-attack is declared with salvo=true)</source>
      <translation>ein Schiff greift während seiner eigenen Aktivierung in der Schiffsphase an ({ship} wird nicht aktiviert; ein Salven-Gegenangriff wird mit salvo=true angesagt)</translation>
    </message>
    <message>
      <source>{ship} has resolved navigate, which belongs to its Execute Maneuver step: a ship attacks before it executes its maneuver</source>
      <translation>{ship} hat Navigieren abgehandelt, das zum Schritt „Manöver ausführen“ gehört: ein Schiff greift an, bevor es sein Manöver ausführt</translation>
    </message>
    <message>
      <source>a ship attacks from one of its hull zones ({zones}), not {zone!r}</source>
      <translation>ein Schiff greift aus einer seiner Rumpfzonen an ({zones}), nicht aus {zone!r}</translation>
    </message>
    <message>
      <source>each of a ship's attacks is from a different hull zone; {ship} already attacked from its {zone} zone</source>
      <translation>jeder Angriff eines Schiffs erfolgt aus einer anderen Rumpfzone; {ship} hat schon aus der Rumpfzone {zone} angegriffen</translation>
    </message>
    <message>
      <source>{squadron} is already a target of this attack: each enemy squadron is targeted only once per attack</source>
      <translation>{squadron} ist schon ein Ziel dieses Angriffs: jede feindliche Staffel wird pro Angriff nur einmal als Ziel gewählt</translation>
    </message>
    <message>
      <source>a {size} ship attacks at most {limit} times per activation</source>
      <translation>ein Schiff der Größe {size} greift höchstens {limit}-mal pro Aktivierung an</translation>
    </message>
    <message>
      <source>no attack is being resolved</source>
      <translation>es wird kein Angriff abgehandelt</translation>
    </message>
    <message>
      <source>the defender {defender} is a squadron; only ships' defense tokens are tracked here</source>
      <translation>der Verteidiger {defender} ist eine Staffel; hier werden nur Verteidigungsmarker von Schiffen verfolgt</translation>
    </message>
    <message>
      <source>accuracy icons are spent in Resolve Attack Effects, before the defender spends defense tokens</source>
      <translation>Präzisionssymbole werden beim Abhandeln der Angriffseffekte ausgegeben, bevor der Verteidiger Verteidigungsmarker ausgibt</translation>
    </message>
    <message>
      <source>{ship}'s {kind} token #{token} is discarded</source>
      <translation>der Verteidigungsmarker {kind} #{token} von {ship} ist abgelegt</translation>
    </message>
    <message>
      <source>only the defender ({ship}) spends defense tokens in this attack</source>
      <translation>bei diesem Angriff gibt nur der Verteidiger ({ship}) Verteidigungsmarker aus</translation>
    </message>
    <message>
      <source>a ship at speed 0 cannot spend defense tokens</source>
      <translation>ein Schiff mit Geschwindigkeit 0 kann keine Verteidigungsmarker ausgeben</translation>
    </message>
    <message>
      <source>{ship}'s {kind} token #{token} is discarded and cannot be spent</source>
      <translation>der Verteidigungsmarker {kind} #{token} von {ship} ist abgelegt und kann nicht ausgegeben werden</translation>
    </message>
    <message>
      <source>the same defense token cannot be spent twice in one attack ({kind} #{token})</source>
      <translation>derselbe Verteidigungsmarker kann bei einem Angriff nicht zweimal ausgegeben werden ({kind} #{token})</translation>
    </message>
    <message>
      <source>{ship}'s {kind} token #{token} was chosen by an accuracy icon and cannot be spent in this attack</source>
      <translation>der Verteidigungsmarker {kind} #{token} von {ship} wurde mit einem Präzisionssymbol gewählt und kann bei diesem Angriff nicht ausgegeben werden</translation>
    </message>
    <message>
      <source>at most one defense token of each type per attack; a {kind} was already spent</source>
      <translation>höchstens ein Verteidigungsmarker jeder Art pro Angriff; {kind} wurde schon ausgegeben</translation>
    </message>
    <message>
      <source>a zone is chosen for a redirect, not a {kind}</source>
      <translation>eine Rumpfzone wird für Umleiten gewählt, nicht für {kind}</translation>
    </message>
    <message>
      <source>only an evade affects an additional die, not a {kind}</source>
      <translation>nur Ausweichen betrifft einen zusätzlichen Würfel, nicht {kind}</translation>
    </message>
    <message>
      <source>an evade affects one additional die only against a ship of a larger size class (attacker: {attacker}, defender: {defender})</source>
      <translation>Ausweichen betrifft nur gegen ein Schiff einer größeren Größenklasse einen zusätzlichen Würfel (Angreifer: {attacker}, Verteidiger: {defender})</translation>
    </message>
    <message>
      <source>damage is never negative</source>
      <translation>Schaden ist nie negativ</translation>
    </message>
    <message>
      <source>squadrons have no shields or damage cards; use hull_points</source>
      <translation>Staffeln haben keine Schilde und keine Schadenskarten; hull_points verwenden</translation>
    </message>
    <message>
      <source>ships take damage as shields and damage cards, not hull points</source>
      <translation>Schiffe erleiden Schaden als Schilde und Schadenskarten, nicht als Rumpfpunkte</translation>
    </message>
    <message>
      <source>{ship} has no hull zone {zone!r}</source>
      <translation>{ship} hat keine Rumpfzone {zone!r}</translation>
    </message>
    <message>
      <source>{ship}'s {zone} zone cannot lose {lost} of its shields (it has {shields})</source>
      <translation>die Rumpfzone {zone} von {ship} kann nicht {lost} ihrer Schilde verlieren (sie hat {shields})</translation>
    </message>
    <message>
      <source>unknown command {command!r} (one of {commands})</source>
      <translation>unbekanntes Kommando {command!r} (eines von: {commands})</translation>
    </message>
    <message>
      <source>{ship} already had a {command} token and must discard one</source>
      <translation>{ship} hatte schon einen Kommandomarker {command} und muss einen ablegen</translation>
    </message>
    <message>
      <source>{ship} holds {count} command tokens, more than its command value {value}, and must discard one</source>
      <translation>{ship} hat {count} Kommandomarker, mehr als seinen Kommandowert {value}, und muss einen ablegen</translation>
    </message>
    <message>
      <source>{ship} resolves a {command} command after revealing its command dial, before it attacks (RRG "Ship Activation": reveal the dial, attack, execute the maneuver)</source>
      <translation>{ship} handelt ein Kommando {command} nach dem Aufdecken seines Kommandoeinstellrads ab, bevor es angreift (RRG „Schiffsaktivierung“: Einstellrad aufdecken, angreifen, Manöver ausführen)</translation>
    </message>
    <message>
      <source>{what} only during its own activation ({ship} is not active)</source>
      <translation>nur während der eigenen Aktivierung des Schiffs: {what} ({ship} ist nicht aktiviert)</translation>
    </message>
    <message>
      <source>command dials are assigned in the Command Phase</source>
      <translation>Kommandoeinstellräder werden in der Kommandophase eingestellt</translation>
    </message>
    <message>
      <source>{ship} is destroyed</source>
      <translation>{ship} ist zerstört</translation>
    </message>
    <message>
      <source>a ship's dial stack is topped up to its command value ({value}); {ship} has {have} and {more} more were given</source>
      <translation>der Stapel Kommandoeinstellräder wird bis zum Kommandowert ({value}) aufgefüllt; {ship} hat {have}, und {more} weitere wurden angegeben</translation>
    </message>
    <message>
      <source>a revealed dial is converted into a token</source>
      <translation>ein aufgedecktes Kommandoeinstellrad in einen Marker umwandeln</translation>
    </message>
    <message>
      <source>{ship} has no revealed dial to convert</source>
      <translation>{ship} hat kein aufgedecktes Kommandoeinstellrad zum Umwandeln</translation>
    </message>
    <message>
      <source>a revealed command dial becomes a token when it is revealed, before {ship} attacks or resolves navigate</source>
      <translation>ein aufgedecktes Kommandoeinstellrad wird beim Aufdecken zum Kommandomarker, bevor {ship} angreift oder Navigieren abhandelt</translation>
    </message>
    <message>
      <source>{why}: discard one of {options}, not {command}</source>
      <translation>{why}: einen davon ablegen: {options}, nicht {command}</translation>
    </message>
    <message>
      <source>{ship} has no {command} token to discard</source>
      <translation>{ship} hat keinen Kommandomarker {command} zum Ablegen</translation>
    </message>
    <message>
      <source>a ship resolves commands</source>
      <translation>Kommandos abhandeln</translation>
    </message>
    <message>
      <source>a command is resolved by spending its dial, its token or both</source>
      <translation>ein Kommando wird abgehandelt, indem man sein Kommandoeinstellrad, seinen Kommandomarker oder beides ausgibt</translation>
    </message>
    <message>
      <source>each command resolves at most once per round; {ship} already resolved {command} this round (a dial and a token together count as one)</source>
      <translation>jedes Kommando wird höchstens einmal pro Runde abgehandelt; {ship} hat {command} in dieser Runde schon abgehandelt (Einstellrad und Marker zusammen zählen als eins)</translation>
    </message>
    <message>
      <source>its revealed dial is {command}</source>
      <translation>sein aufgedecktes Einstellrad ist {command}</translation>
    </message>
    <message>
      <source>no dial</source>
      <translation>kein Einstellrad</translation>
    </message>
    <message>
      <source>{ship} cannot spend a {command} dial: {have}</source>
      <translation>{ship} kann kein Einstellrad {command} ausgeben: {have}</translation>
    </message>
    <message>
      <source>concentrate fire resolves during the Resolve Attack Effects step of an attack by {ship}, before the defender spends defense tokens</source>
      <translation>Feuer konzentrieren wird beim Abhandeln der Angriffseffekte eines Angriffs von {ship} abgehandelt, bevor der Verteidiger Verteidigungsmarker ausgibt</translation>
    </message>
    <message>
      <source>{ship} has no {command} token</source>
      <translation>{ship} hat keinen Kommandomarker {command}</translation>
    </message>
    <message>
      <source>engineering points are spent</source>
      <translation>Technikpunkte ausgeben</translation>
    </message>
    <message>
      <source>{action} costs {cost} engineering point(s); {ship} has {left} left</source>
      <translation>{action} kostet {cost} Technikpunkt(e); {ship} hat noch {left}</translation>
    </message>
    <message>
      <source>a shield moves to another hull zone, not back to the {zone} zone it left</source>
      <translation>ein Schild wird in eine andere Rumpfzone verschoben, nicht zurück in die Rumpfzone {zone}, aus der er kommt</translation>
    </message>
    <message>
      <source>{ship}'s {zone} zone has no shield to move</source>
      <translation>die Rumpfzone {zone} von {ship} hat keinen Schild zum Verschieben</translation>
    </message>
    <message>
      <source>{ship}'s {zone} shields are at their maximum ({limit})</source>
      <translation>die Schilde der Rumpfzone {zone} von {ship} sind schon auf dem Höchstwert ({limit})</translation>
    </message>
    <message>
      <source>{ship} has no faceup damage card</source>
      <translation>{ship} hat keine offene Schadenskarte</translation>
    </message>
    <message>
      <source>{ship} has no facedown damage card</source>
      <translation>{ship} hat keine verdeckte Schadenskarte</translation>
    </message>
    <message>
      <source>{ship} is deployed at distance 1-2 of a gravity rift: its speed dial must be 0, not {speed}</source>
      <translation>{ship} wird auf Distanz 1-2 eines Gravitationsrisses aufgestellt: sein Geschwindigkeitsrad muss auf 0 stehen, nicht auf {speed}</translation>
    </message>
    <message>
      <source>{ship} is deployed at a speed on its speed chart, 1..{top} (0 is not on it), not {speed}</source>
      <translation>{ship} wird mit einer Geschwindigkeit seiner Navigationstabelle aufgestellt, 1..{top} (0 steht nicht darauf), nicht {speed}</translation>
    </message>
    <message>
      <source>{ship}'s speed is 0..{top} (its speed chart), not {speed}</source>
      <translation>die Geschwindigkeit von {ship} ist 0..{top} (laut Navigationstabelle), nicht {speed}</translation>
    </message>
    <message>
      <source>a ship's speed changes only by a navigate command during its activation (dial or token: 1 each); {ship} may change by {allowed}, not {step}</source>
      <translation>die Geschwindigkeit eines Schiffs ändert sich nur durch ein Navigieren-Kommando während seiner Aktivierung (Einstellrad oder Marker: je 1); {ship} darf sie um {allowed} ändern, nicht um {step}</translation>
    </message>
    <message>
      <source>{squadron} was activated by {ship}'s squadron command, whose squadrons act when the ship reveals its dial, before the ship attacks or moves</source>
      <translation>{squadron} wurde durch das Staffel-Kommando von {ship} aktiviert; dessen Staffeln handeln, wenn das Schiff sein Kommandorad aufdeckt, bevor das Schiff angreift oder sich bewegt</translation>
    </message>
    <message>
      <source>a squadron activated in the Squadron Phase moves or attacks, not both: {squadron} has attacked</source>
      <translation>eine in der Staffelphase aktivierte Staffel bewegt sich oder greift an, nicht beides: {squadron} hat angegriffen</translation>
    </message>
    <message>
      <source>a squadron activated in the Squadron Phase moves or attacks, not both: {squadron} has moved</source>
      <translation>eine in der Staffelphase aktivierte Staffel bewegt sich oder greift an, nicht beides: {squadron} hat sich bewegt</translation>
    </message>
    <message>
      <source>{squadron} cannot move now: squadrons move only in the Ship Phase (activated by a squadron command, RRG p.3) and the Squadron Phase</source>
      <translation>{squadron} kann sich jetzt nicht bewegen: Staffeln bewegen sich nur in der Schiffsphase (durch einen Staffelbefehl aktiviert, RRG S. 3) und in der Staffelphase</translation>
    </message>
    <message>
      <source>{squadron} is destroyed</source>
      <translation>{squadron} ist zerstört</translation>
    </message>
    <message>
      <source>{squadron} is engaged with {squadrons} and cannot move</source>
      <translation>{squadron} ist mit {squadrons} gebunden und kann sich nicht bewegen</translation>
    </message>
    <message>
      <source>a squadron moves during its own activation: {squadron} is not activating (activate it first)</source>
      <translation>eine Staffel bewegt sich während ihrer eigenen Aktivierung: {squadron} wird nicht aktiviert (zuerst aktivieren)</translation>
    </message>
    <message>
      <source>the {phase} cannot end yet: {why}</source>
      <translation>die {phase} kann noch nicht enden: {why}</translation>
    </message>
    <message>
      <source>the game has already started</source>
      <translation>das Spiel hat schon begonnen</translation>
    </message>
    <message>
      <source>the first player is 1 or 2, not {player}</source>
      <translation>der erste Spieler ist 1 oder 2, nicht {player}</translation>
    </message>
    <message>
      <source>a game lasts at least one round, not {rounds}</source>
      <translation>ein Spiel dauert mindestens eine Runde, nicht {rounds}</translation>
    </message>
    <message>
      <source>ships and squadrons join the game during setup</source>
      <translation>Schiffe und Staffeln kommen beim Aufbau ins Spiel</translation>
    </message>
    <message>
      <source>there is already a piece {piece!r} in this game</source>
      <translation>es gibt schon eine Figur {piece!r} in diesem Spiel</translation>
    </message>
    <message>
      <source>a piece belongs to player 1 or 2, not {player}</source>
      <translation>eine Figur gehört Spieler 1 oder 2, nicht {player}</translation>
    </message>
    <message>
      <source>unknown size class {size!r}</source>
      <translation>unbekannte Größenklasse {size!r}</translation>
    </message>
    <message>
      <source>unknown defense token type {kind!r}</source>
      <translation>unbekannte Art von Verteidigungsmarker {kind!r}</translation>
    </message>
    <message>
      <source>nobody has anything left to activate in the {phase}</source>
      <translation>in der {phase} hat niemand mehr etwas zu aktivieren</translation>
    </message>
    <message>
      <source>it is player {turn}'s turn to activate squadrons, not player {player}'s</source>
      <translation>Spieler {turn} ist am Zug, Staffeln zu aktivieren, nicht Spieler {player}</translation>
    </message>
    <message>
      <source>it is player {turn}'s turn to activate a ship, not player {player}'s</source>
      <translation>Spieler {turn} ist am Zug, ein Schiff zu aktivieren, nicht Spieler {player}</translation>
    </message>
    <message>
      <source>ships activate in the Ship Phase</source>
      <translation>Schiffe werden in der Schiffsphase aktiviert</translation>
    </message>
    <message>
      <source>{ship} is still activating; end its activation first</source>
      <translation>{ship} wird noch aktiviert; zuerst dessen Aktivierung beenden</translation>
    </message>
    <message>
      <source>{ship} has already activated this round</source>
      <translation>{ship} wurde in dieser Runde schon aktiviert</translation>
    </message>
    <message>
      <source>{ship} is not activating (active: {active})</source>
      <translation>{ship} wird nicht aktiviert (aktiviert wird: {active})</translation>
    </message>
    <message>
      <source>finish the attack before ending the activation</source>
      <translation>erst den Angriff abschließen, dann die Aktivierung beenden</translation>
    </message>
    <message>
      <source>a player passes instead of activating a ship in the Ship Phase</source>
      <translation>ein Spieler passt in der Schiffsphase statt ein Schiff zu aktivieren</translation>
    </message>
    <message>
      <source>player {player} has no pass token</source>
      <translation>Spieler {player} hat keinen Passen-Marker</translation>
    </message>
    <message>
      <source>a player cannot spend pass tokens on consecutive turns</source>
      <translation>ein Spieler kann nicht in aufeinanderfolgenden Zügen Passen-Marker ausgeben</translation>
    </message>
    <message>
      <source>the first player may pass only after activating a ship and with fewer unactivated ships than the second player ({mine} vs {theirs})</source>
      <translation>der erste Spieler darf erst passen, nachdem er ein Schiff aktiviert hat, und nur mit weniger nicht aktivierten Schiffen als der zweite Spieler ({mine} gegen {theirs})</translation>
    </message>
    <message>
      <source>the second player may pass only with no more unactivated ships than the first player ({mine} vs {theirs})</source>
      <translation>der zweite Spieler darf nur passen, wenn er nicht mehr nicht aktivierte Schiffe hat als der erste Spieler ({mine} gegen {theirs})</translation>
    </message>
    <message>
      <source>no squadron was named: name the squadrons activated</source>
      <translation>keine Staffel wurde genannt: die aktivierten Staffeln nennen</translation>
    </message>
    <message>
      <source>name each activated squadron once</source>
      <translation>jede aktivierte Staffel genau einmal nennen</translation>
    </message>
    <message>
      <source>finish the attack by {attacker} before activating squadrons</source>
      <translation>erst den Angriff von {attacker} abschließen, dann Staffeln aktivieren</translation>
    </message>
    <message>
      <source>{squadron} has already activated this round</source>
      <translation>{squadron} wurde in dieser Runde schon aktiviert</translation>
    </message>
    <message>
      <source>in the Ship Phase squadrons activate only through the active ship's squadron command ({left} activation(s) left, {asked} asked)</source>
      <translation>in der Schiffsphase werden Staffeln nur durch das Staffel-Kommando des aktivierten Schiffs aktiviert ({left} Aktivierung(en) übrig, {asked} verlangt)</translation>
    </message>
    <message>
      <source>a squadron command activates friendly squadrons only</source>
      <translation>ein Staffel-Kommando aktiviert nur befreundete Staffeln</translation>
    </message>
    <message>
      <source>a player activates only their own squadrons</source>
      <translation>ein Spieler aktiviert nur seine eigenen Staffeln</translation>
    </message>
    <message>
      <source>a player activates two squadrons a turn, one after the other: player {player} has activated one this turn and may activate one more, not {named}</source>
      <translation>ein Spieler aktiviert zwei Staffeln pro Zug, eine nach der anderen: Spieler {player} hat in diesem Zug eine aktiviert und darf noch eine aktivieren, nicht {named}</translation>
    </message>
    <message>
      <source>squadrons activate in the Squadron Phase or by a squadron command</source>
      <translation>Staffeln werden in der Staffelphase oder durch ein Staffel-Kommando aktiviert</translation>
    </message>
    <message>
      <source>the game has not started yet (the first event is game-started)</source>
      <translation>das Spiel hat noch nicht begonnen (das erste Ereignis ist game-started)</translation>
    </message>
    <message>
      <source>first resolve the pending choice: {why} ({options})</source>
      <translation>zuerst die offene Wahl treffen: {why} ({options})</translation>
    </message>
    <message>
      <source>the game is over: player {player}'s fleet has no ships left</source>
      <translation>das Spiel ist vorbei: die Flotte von Spieler {player} hat keine Schiffe mehr</translation>
    </message>
    <message>
      <source>the game is over after round {rounds}</source>
      <translation>das Spiel ist nach Runde {rounds} vorbei</translation>
    </message>
    <message>
      <source>event #{i}: {why}</source>
      <translation>Ereignis #{i}: {why}</translation>
    </message>
    <message>
      <source>{ship} has no defense token #{token} (it has {count})</source>
      <translation>{ship} hat keinen Verteidigungsmarker #{token} (es hat {count})</translation>
    </message>
    <message>
      <source>no ship {ship!r} in this game</source>
      <translation>kein Schiff {ship!r} in diesem Spiel</translation>
    </message>
    <message>
      <source>no squadron {squadron!r} in this game</source>
      <translation>keine Staffel {squadron!r} in diesem Spiel</translation>
    </message>
    <message>
      <source>navigate must be one of dial, token, dial+token, got {navigate}</source>
      <translation>Navigieren muss dial, token oder dial+token sein, nicht {navigate}</translation>
    </message>
    <message>
      <source>{ship} speed chart allows speed 0..{max_speed}, got {speed}</source>
      <translation>die Navigationstabelle von {ship} erlaubt Geschwindigkeit 0..{max_speed}, nicht {speed}</translation>
    </message>
    <message>
      <source>navigate {navigate} changes speed by at most {step}: dial {dial}, got speed {speed}</source>
      <translation>Navigieren ({navigate}) ändert die Geschwindigkeit um höchstens {step}: Einstellung {dial}, angegeben {speed}</translation>
    </message>
    <message>
      <source>{ship} at speed 0 does not move: give no yaw values, got {yaw}</source>
      <translation>{ship} bewegt sich bei Geschwindigkeit 0 nicht: keine Klickwerte angeben, nicht {yaw}</translation>
    </message>
    <message>
      <source>{ship} at speed 1 needs one yaw value, got {yaw}</source>
      <translation>{ship} braucht bei Geschwindigkeit 1 genau einen Klickwert, nicht {yaw}</translation>
    </message>
    <message>
      <source>{ship} at speed {speed} needs {speed} yaw values (one per joint), got {yaw}</source>
      <translation>{ship} braucht bei Geschwindigkeit {speed} genau {speed} Klickwerte (einen pro Gelenk), nicht {yaw}</translation>
    </message>
    <message>
      <source>{ship} speed chart allows at speed {speed} yaw up to {allowed} (navigate dial: +1 click on one joint), got {yaw}</source>
      <translation>die Navigationstabelle von {ship} erlaubt bei Geschwindigkeit {speed} höchstens {allowed} Klicks (Navigieren-Kommandoeinstellrad: +1 Klick an einem Gelenk), nicht {yaw}</translation>
    </message>
    <message>
      <source>{ship} speed chart allows at speed {speed} yaw up to {allowed}, got {yaw}</source>
      <translation>die Navigationstabelle von {ship} erlaubt bei Geschwindigkeit {speed} höchstens {allowed} Klicks, nicht {yaw}</translation>
    </message>
    <message>
      <source>{ship} is huge and would overlap the maneuver tool on both sides at speed {speed} yaw {yaw}</source>
      <translation>{ship} ist riesig und würde bei Geschwindigkeit {speed}, Klicks {yaw} auf beiden Seiten die Manöverschablone überlappen</translation>
    </message>
  </context>
  <context>
    <name>Terms</name>
    <message>
      <source>front</source>
      <translation>Bug</translation>
    </message>
    <message>
      <source>left</source>
      <translation>Backbord</translation>
    </message>
    <message>
      <source>right</source>
      <translation>Steuerbord</translation>
    </message>
    <message>
      <source>rear</source>
      <translation>Heck</translation>
    </message>
    <message>
      <source>left-aux</source>
      <translation>Backbord-Hilfszone</translation>
    </message>
    <message>
      <source>right-aux</source>
      <translation>Steuerbord-Hilfszone</translation>
    </message>
    <message>
      <source>brace</source>
      <translation>Abstützen</translation>
    </message>
    <message>
      <source>redirect</source>
      <translation>Umleiten</translation>
    </message>
    <message>
      <source>evade</source>
      <translation>Ausweichen</translation>
    </message>
    <message>
      <source>scatter</source>
      <translation>Zerstreuen</translation>
    </message>
    <message>
      <source>contain</source>
      <translation>Eindämmen</translation>
    </message>
    <message>
      <source>salvo</source>
      <translation>Salve</translation>
    </message>
    <message>
      <source>navigate</source>
      <translation>Navigieren</translation>
    </message>
    <message>
      <source>squadron</source>
      <translation>Staffel</translation>
    </message>
    <message>
      <source>repair</source>
      <translation>Reparieren</translation>
    </message>
    <message>
      <source>concentrate-fire</source>
      <translation>Feuer konzentrieren</translation>
    </message>
    <message>
      <source>Setup</source>
      <translation>Aufbau</translation>
    </message>
    <message>
      <source>Command Phase</source>
      <translation>Kommandophase</translation>
    </message>
    <message>
      <source>Ship Phase</source>
      <translation>Schiffsphase</translation>
    </message>
    <message>
      <source>Squadron Phase</source>
      <translation>Staffelphase</translation>
    </message>
    <message>
      <source>Status Phase</source>
      <translation>Statusphase</translation>
    </message>
    <message>
      <source>end of the game</source>
      <translation>Spielende</translation>
    </message>
    <message>
      <source>small</source>
      <translation>klein</translation>
    </message>
    <message>
      <source>medium</source>
      <translation>mittel</translation>
    </message>
    <message>
      <source>large</source>
      <translation>groß</translation>
    </message>
    <message>
      <source>huge</source>
      <translation>riesig</translation>
    </message>
    <message>
      <source>move-shield</source>
      <translation>Schild verschieben</translation>
    </message>
    <message>
      <source>recover-shield</source>
      <translation>Schild wiederherstellen</translation>
    </message>
    <message>
      <source>discard-damage</source>
      <translation>Schadenskarte ablegen</translation>
    </message>
  </context>
  <context>
    <name>Tracker</name>
    <message>
      <source>frame is {w}x{h} px but the calibration is for {cw}x{ch} px: set the camera back or recalibrate</source>
      <translation>Bild ist {w}x{h} px, die Kalibrierung gilt aber für {cw}x{ch} px: Kamera zurückstellen oder neu kalibrieren</translation>
    </message>
    <message>
      <source>table markers no longer fit the camera intrinsics (reprojection {px:.1f} px): zoom, focus or camera changed? recalibrate the camera</source>
      <translation>Die Tischmarker passen nicht mehr zur Kamerakalibrierung (Reprojektion {px:.1f} px): Zoom, Fokus oder Kamera geändert? Kamera neu kalibrieren</translation>
    </message>
    <message>
      <source>table markers do not fit the camera intrinsics and the layout (reprojection {px:.1f} px): is the layout this table's (6x3, 3x3) and the camera file this camera's?</source>
      <translation>Die Tischmarker passen nicht zur Kamerakalibrierung und zum Layout (Reprojektion {px:.1f} px): Ist das Layout das dieses Tisches (6x3, 3x3) und die Kameradatei die dieser Kamera?</translation>
    </message>
    <message>
      <source>camera height or zoom changed by {percent:.0f} %: recalibrate the camera if you zoomed, else run the table calibration again</source>
      <translation>Kamerahöhe oder Zoom um {percent:.0f} % geändert: nach dem Zoomen die Kamera neu kalibrieren, sonst die Tischkalibrierung wiederholen</translation>
    </message>
    <message>
      <source>only {n} table markers visible: need {need}</source>
      <translation>nur {n} Tischmarker sichtbar: {need} nötig</translation>
    </message>
    <message>
      <source>only {n} table markers visible: pose frozen</source>
      <translation>nur {n} Tischmarker sichtbar: Lage eingefroren</translation>
    </message>
    <message>
      <source>table found ({n} markers, {px:.2f} px, {mm:.2f} mm)</source>
      <translation>Tisch gefunden ({n} Marker, {px:.2f} px, {mm:.2f} mm)</translation>
    </message>
    <message>
      <source>markers moved {px:.1f} px: checking for a camera bump</source>
      <translation>Marker um {px:.1f} px verschoben: prüfe, ob die Kamera angestoßen wurde</translation>
    </message>
    <message>
      <source>camera moved {px:.1f} px: table re-fitted ({rep:.2f} px)</source>
      <translation>Kamera um {px:.1f} px bewegt: Tisch neu eingepasst ({rep:.2f} px)</translation>
    </message>
    <message>
      <source>pose kept</source>
      <translation>Lage beibehalten</translation>
    </message>
    <message>
      <source>pose kept; markers {hidden} hidden</source>
      <translation>Lage beibehalten; Marker {hidden} verdeckt</translation>
    </message>
    <message>
      <source>pose kept; markers {moved} ignored (moved alone)</source>
      <translation>Lage beibehalten; Marker {moved} ignoriert (allein verschoben)</translation>
    </message>
    <message>
      <source>pose kept; markers {hidden} hidden; markers {moved} ignored (moved alone)</source>
      <translation>Lage beibehalten; Marker {hidden} verdeckt; Marker {moved} ignoriert (allein verschoben)</translation>
    </message>
    <message>
      <source>the table markers found (ids: {ids}) do not span the table: its far corners may be off by up to {mm:.1f} mm; keep the other markers in view (uncovered, inside the picture)</source>
      <translation>Die gefundenen Tischmarker (IDs: {ids}) überspannen den Tisch nicht: seine fernen Ecken können bis zu {mm:.1f} mm daneben liegen; die anderen Marker sichtbar halten (unverdeckt, im Bild)</translation>
    </message>
  </context>
  <context>
    <name>VideoView</name>
    <message>
      <source>Waiting for the camera...</source>
      <translation>Warte auf die Kamera ...</translation>
    </message>
  </context>
</TS>
