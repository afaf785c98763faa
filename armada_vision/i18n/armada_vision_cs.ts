<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ">
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
      <source>{ships} ships and {squadrons} squadrons recognised.</source>
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
    <name>GamePanel</name>
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
      <source>No game started. Assign every piece, then start.</source>
      <translation>Hra nezačala. Přiřaďte všechny figurky a pak začněte.</translation>
    </message>
    <message>
      <source>Dial to token</source>
      <translation>Číselník na žeton</translation>
    </message>
    <message>
      <source>Command dials for {ship}</source>
      <translation>Příkazové číselníky pro {ship}</translation>
    </message>
    <message>
      <source>Click a ship to see its dials and tokens.</source>
      <translation>Klepněte na loď a uvidíte její číselníky a žetony.</translation>
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
      <source>Round {r} of {n}: {phase}</source>
      <translation>Kolo {r} z {n}: {phase}</translation>
    </message>
    <message>
      <source>Discard {c} token</source>
      <translation>Odhodit žeton {c}</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
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
      <source>Connecting to the camera...</source>
      <translation>Připojuji se ke kameře...</translation>
    </message>
    <message>
      <source>Live</source>
      <translation>Živě</translation>
    </message>
    <message>
      <source>Ruleset: {name}</source>
      <translation>Pravidla: {name}</translation>
    </message>
    <message>
      <source>Camera not available: reconnecting in {s:.0f} s</source>
      <translation>Kamera není dostupná: nové připojení za {s:.0f} s</translation>
    </message>
    <message>
      <source>Source ended</source>
      <translation>Zdroj skončil</translation>
    </message>
    <message>
      <source>Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg</source>
      <translation>Konečná pozice: x {x:.0f} mm, y {y:.0f} mm, natočení {h:.0f}°</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f}, pipeline {ms:.0f} ms)</source>
      <translation>{fps:.1f} sn./s (kamera {cam:.1f}, zpracování {ms:.0f} ms)</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f})</source>
      <translation>{fps:.1f} sn./s (kamera {cam:.1f})</translation>
    </message>
    <message>
      <source>Calibration: {what}</source>
      <translation>Kalibrace: {what}</translation>
    </message>
    <message>
      <source>Scene: {what}</source>
      <translation>Scéna: {what}</translation>
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
      <source>Overlay failed: {error}</source>
      <translation>Překryv selhal: {error}</translation>
    </message>
    <message>
      <source>Not allowed</source>
      <translation>Nepovoleno</translation>
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
      <source>Assign a class to every ship first: {ids}</source>
      <translation>Nejdřív přiřaďte třídu každé lodi: {ids}</translation>
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
      <source>unknown {size} ship</source>
      <translation>neznámá loď ({size})</translation>
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
      <source>Maneuver preview</source>
      <translation>Náhled manévru</translation>
    </message>
    <message>
      <source>Labels</source>
      <translation>Popisky</translation>
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
  </context>
  <context>
    <name>Panels</name>
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
      <source>no</source>
      <translation>ne</translation>
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
      <source>Legend</source>
      <translation>Legenda</translation>
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
      <source>Yaw clicks per joint, comma separated; positive turns to port</source>
      <translation>Cvaknutí na každý kloub oddělená čárkou; kladná otáčí na levobok</translation>
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
      <source>(remove one die: obstructed)</source>
      <translation>(odeberte jednu kostku: zakrytá)</translation>
    </message>
    <message>
      <source>Too close to call: the margin ({margin:.1f} mm) is below the measurement uncertainty ({unc:.1f} mm). Measure by hand.</source>
      <translation>Příliš těsné na rozhodnutí: rezerva ({margin:.1f} mm) je menší než nejistota měření ({unc:.1f} mm). Změřte ručně.</translation>
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
  </context>
  <context>
    <name>VideoView</name>
    <message>
      <source>Waiting for the camera...</source>
      <translation>Čekám na kameru...</translation>
    </message>
  </context>
</TS>
